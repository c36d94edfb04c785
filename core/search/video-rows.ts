/** The spec's own search (title or description contains the query) and the result rows. */
import { sql } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import type { SearchCity, SearchHit } from '../domain/search.js';
import { bestHits, markedText, toHit, type MarkedSegment } from './hits.js';
import { BY_DATE, containsPattern, inScope, toTsquery, uuidArray, type Scope } from './search-sql.js';
import type { MatchedVideo } from './transcript-matches.js';

/**
 * Spec §7: title or description contains the query, case-insensitively, newest first. The
 * trigram indexes of migration 0009 serve the ILIKE (see searchVideos on sequential scans);
 * a walk along the date index wins for substrings most titles contain ("meeting").
 */
export async function findTitleMatches(db: Executor, q: string, scope: Scope, limit: number): Promise<MatchedVideo[]> {
  const pattern = containsPattern(q);
  const result = await sql<MatchedVideo>`
    select v.id, v.published_at from city_videos v
    where ${inScope(scope)} and (v.title ilike ${pattern} or v.description ilike ${pattern})
    order by ${BY_DATE}
    limit ${limit}`.execute(db);
  return result.rows;
}

export interface ResultRow {
  id: string;
  video_id: string;
  title: string | null;
  description: string | null;
  channel_title: string | null;
  published_at: Date | null;
  thumbnail_url: string | null;
  video_url: string | null;
  city_id: string;
  city: SearchCity | null;
  /** For the relevance boost: the title contains the query, or all of its words. */
  title_match: boolean;
  description_match: boolean;
  /** When asked for: its best moments. */
  hits?: SearchHit[];
}

interface ResultRecord extends Omit<ResultRow, 'city' | 'hits'> {
  hits: MarkedSegment[] | string | null;
  city_name: string | null;
  city_state: string | null;
  city_domain: string | null;
  city_location_key: string | null;
}

export interface RowOptions {
  /** The relevance flags: `words` when the query has searchable words, `substring` for the spec's match. */
  boost: { substring: boolean; words: boolean };
  /** Load the hits too, in the same statement. */
  hits?: boolean;
}

/**
 * The fields a result shows (an explicit list: never the transcript, analysis or story),
 * joined with the city (spec §7: name, state, domain), and optionally each video's hits.
 */
export async function loadResultRows(db: Executor, q: string, ids: readonly string[], options: RowOptions): Promise<Map<string, ResultRow>> {
  if (ids.length === 0) return new Map();
  const pattern = containsPattern(q);
  const contains = (column: 'title' | 'description') =>
    options.boost.substring ? sql<boolean>`coalesce(${sql.ref(`v.${column}`)} ilike ${pattern}, false)` : sql<boolean>`false`;
  const words = (column: 'title' | 'description') =>
    options.boost.words ? sql<boolean>`to_tsvector('english', coalesce(${sql.ref(`v.${column}`)}, '')) @@ ${toTsquery(q)}` : sql<boolean>`false`;
  // The best segments of all the videos first (materialized: once), then each video's as JSON.
  const best = options.hits ? sql`with best as materialized (${bestHits(q, ids)})` : sql``;
  const hits = options.hits
    ? sql`(select json_agg(json_build_object('start_ms', b.start_ms, 'text', b.text, 'marked', ${markedText(q, sql.ref('b.text'))})
           order by b.rank desc, b.start_ms, b.seq)
         from best b where b.city_video_id = v.id)`
    : sql`null`;
  const result = await sql<ResultRecord>`
    ${best}
    select v.id, v.video_id, v.title, v.description, v.channel_title, v.published_at, v.thumbnail_url, v.video_url, v.city_id,
      c.name as city_name, c.state as city_state, c.domain as city_domain, c.location_key as city_location_key,
      (${contains('title')} or ${words('title')}) as title_match,
      (${contains('description')} or ${words('description')}) as description_match,
      ${hits} as hits
    from city_videos v left join cities c on c.id = v.city_id
    where v.id = any(${uuidArray(ids)})`.execute(db);
  return new Map(result.rows.map((record) => [record.id, toResultRow(record, options.hits !== undefined)]));
}

function toResultRow(record: ResultRecord, withHits: boolean): ResultRow {
  const { city_name, city_state, city_domain, city_location_key, hits, ...video } = record;
  const city =
    city_name !== null && city_state !== null && city_location_key !== null
      ? { id: video.city_id, name: city_name, state: city_state, domain: city_domain, location_key: city_location_key }
      : null;
  if (!withHits) return { ...video, city };
  // json comes back parsed from both drivers; a string would be a driver without the parser.
  const segments: MarkedSegment[] = typeof hits === 'string' ? (JSON.parse(hits) as MarkedSegment[]) : (hits ?? []);
  return { ...video, city, hits: segments.map(toHit) };
}
