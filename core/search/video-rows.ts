/** The rows a search shows: a video's own fields and its city's (spec §7: name, state, domain). */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import type { SearchCity } from '../domain/search.js';
import type { Moment } from './moments.js';
import { prepared } from '../db/prepared.js';
import { loweredPattern, uuidArray, type Tsquery } from './search-sql.js';

/** A result's own fields, as stored. */
interface VideoFields {
  id: string;
  video_id: string;
  title: string | null;
  description: string | null;
  channel_title: string | null;
  published_at: Date | null;
  thumbnail_url: string | null;
  video_url: string | null;
  city_id: string;
}

export interface ResultRow extends VideoFields {
  city: SearchCity | null;
  /** For the relevance boost: the title contains the query, or all of its words. */
  title_match: boolean;
  description_match: boolean;
  /** When loaded with the row: its best moments. */
  moments?: Moment[];
}

/** What RESULT_COLUMNS select, before toResultRow (callers take any other columns off first). */
export interface ResultRecord extends VideoFields {
  city_name: string | null;
  city_state: string | null;
  city_domain: string | null;
  city_location_key: string | null;
}

/**
 * The fields a result shows from `v` (city_videos) and `c` (its city), as an explicit list:
 * never the transcript, analysis or story.
 */
export const RESULT_COLUMNS = sql`v.id, v.video_id, v.title, v.description, v.channel_title, v.published_at, v.thumbnail_url, v.video_url, v.city_id,
  c.name as city_name, c.state as city_state, c.domain as city_domain, c.location_key as city_location_key`;

export function toResultRow(record: ResultRecord, match: { title_match: boolean; description_match: boolean } = NO_MATCH): ResultRow {
  const { city_name, city_state, city_domain, city_location_key, ...video } = record;
  const city =
    city_name !== null && city_state !== null && city_location_key !== null
      ? { id: video.city_id, name: city_name, state: city_state, domain: city_domain, location_key: city_location_key }
      : null;
  return { ...video, city, ...match };
}

const NO_MATCH = { title_match: false, description_match: false };

/**
 * The rows of the given videos with the relevance flags: whether the title (description)
 * contains the query `q`, or all of its words when `words` (the query has searchable words).
 */
export async function loadResultRows(db: Executor, q: string, query: Tsquery, ids: readonly string[], options: { words: boolean }): Promise<Map<string, ResultRow>> {
  if (ids.length === 0) return new Map();
  const matches = (column: 'title' | 'description'): RawBuilder<boolean> => {
    const words = options.words ? sql<boolean>`to_tsvector('english', coalesce(${sql.ref(`v.${column}`)}, '')) @@ ${query}` : sql<boolean>`false`;
    return sql<boolean>`(coalesce(${sql.ref(`v.${column}_lower`)} like (select ${loweredPattern(q)}), false) or ${words})`;
  };
  const result = await prepared(sql<ResultRecord & { title_match: boolean; description_match: boolean }>`
    select ${RESULT_COLUMNS}, ${matches('title')} as title_match, ${matches('description')} as description_match
    from city_videos v left join cities c on c.id = v.city_id
    where v.id = any(${uuidArray(ids)})`).execute(db);
  return new Map(result.rows.map(({ title_match, description_match, ...record }) => [record.id, toResultRow(record, { title_match, description_match })]));
}
