/** The moments shown under each result: its best matching segments (highlight.ts marks their words). */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { SEARCH_HITS_PER_VIDEO } from '../domain/search.js';
import { prepared } from '../db/prepared.js';
import { probeMatch, uuidArray, type Tsquery } from './search-sql.js';

/** A matching segment before highlighting. */
export interface Moment {
  start_ms: number;
  text: string;
}

/**
 * Up to 3 moments per video: the best by ts_rank, equal ranks in time order, shown in that
 * order.
 */
export async function loadMoments(db: Executor, query: Tsquery, videoIds: readonly string[]): Promise<Map<string, Moment[]>> {
  const moments = new Map<string, Moment[]>();
  if (videoIds.length === 0) return moments;
  const result = await prepared(sql<Moment & { city_video_id: string }>`
    select h.city_video_id, h.start_ms, h.text
    from unnest(${uuidArray(videoIds)}) as p(id)
    cross join lateral (${bestSegments(query, sql.ref('p.id'))}) h
    order by h.city_video_id, h.rank desc, h.start_ms, h.seq`).execute(db);
  for (const { city_video_id, start_ms, text } of result.rows) {
    const list = moments.get(city_video_id) ?? [];
    list.push({ start_ms, text });
    moments.set(city_video_id, list);
  }
  return moments;
}

/**
 * One video's moments as a JSON array, best first (null when none match): a scalar
 * subquery for the statements that load a video's row and its moments together.
 */
export function momentsJson(query: Tsquery, videoId: RawBuilder<unknown>): RawBuilder<Moment[] | null> {
  return sql<Moment[] | null>`(
    select json_agg(json_build_object('start_ms', b.start_ms, 'text', b.text) order by b.rank desc, b.start_ms, b.seq)
    from (${bestSegments(query, videoId)}) b)`;
}

/**
 * One read of a video's matching segments for two answers: how many there are (counted up
 * to `cap`) and its moments as momentsJson gives them (null when none match). For the
 * sample of a date-ordered search, whose matching videos are shown: counting them apart
 * would probe the index twice.
 */
export function countAndMoments(query: Tsquery, videoId: RawBuilder<unknown>, cap: number): RawBuilder<{ matches: number; moments: Moment[] | null }> {
  return sql`
    select least(count(*), ${cap})::int as matches,
      json_agg(json_build_object('start_ms', m.start_ms, 'text', m.text) order by m.n) filter (where m.n <= ${SEARCH_HITS_PER_VIDEO}) as moments
    from (
      select s.start_ms, s.text, row_number() over (order by ts_rank(s.tsv, ${query}) desc, s.start_ms, s.seq) as n
      from transcript_segments s
      where s.city_video_id = ${videoId} and ${probeMatch(query)}
    ) m`;
}

/** What momentsJson gives (json comes back parsed from both drivers; a string would be a driver without the parser). */
export function readMoments(value: Moment[] | string | null | undefined): Moment[] {
  return typeof value === 'string' ? (JSON.parse(value) as Moment[]) : (value ?? []);
}

/**
 * Rows (city_video_id, start_ms, seq, text, rank): one video's best 3 matching segments, its
 * matches read from the (city_video_id, tsv) index on their own, so a common word costs no
 * more than a rare one.
 */
function bestSegments(query: Tsquery, videoId: RawBuilder<unknown>) {
  return sql`
    select s.city_video_id, s.start_ms, s.seq, s.text, ts_rank(s.tsv, ${query}) as rank
    from transcript_segments s
    where s.city_video_id = ${videoId} and ${probeMatch(query)}
    order by rank desc, s.start_ms, s.seq
    limit ${SEARCH_HITS_PER_VIDEO}`;
}
