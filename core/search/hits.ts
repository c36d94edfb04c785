/** The moments shown under each result: its best matching segments, highlighted safely. */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, renderHighlight } from '../domain/search-highlight.js';
import { SEARCH_HITS_PER_VIDEO, type SearchHit } from '../domain/search.js';
import { probeMatch, toTsquery, uuidArray } from './search-sql.js';

// The whole segment is shown (segments are sentences), every match in it marked.
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, HighlightAll=true`;

interface HitRecord extends MarkedSegment {
  city_video_id: string;
}

/**
 * Up to 3 hits per video: the best by ts_rank, equal ranks in time order, shown in that
 * order. The stored text loses any marker characters before ts_headline marks the matches,
 * and renderHighlight escapes it before turning the markers into <mark> tags.
 */
export async function loadHits(db: Executor, q: string, videoIds: readonly string[]): Promise<Map<string, SearchHit[]>> {
  const hits = new Map<string, SearchHit[]>();
  if (videoIds.length === 0) return hits;
  const result = await sql<HitRecord>`
    select h.city_video_id, h.start_ms, h.text, ${markedText(q, sql.ref('h.text'))} as marked
    from (${bestHits(q, videoIds)}) h
    order by h.city_video_id, h.rank desc, h.start_ms, h.seq`.execute(db);
  for (const record of result.rows) {
    const list = hits.get(record.city_video_id) ?? [];
    list.push(toHit(record));
    hits.set(record.city_video_id, list);
  }
  return hits;
}

export interface MarkedSegment {
  start_ms: number;
  text: string;
  /** ts_headline's output: the text with HIGHLIGHT_START/STOP around each match. */
  marked: string;
}

export function toHit(segment: MarkedSegment): SearchHit {
  return { start_ms: segment.start_ms, text: segment.text, highlighted: renderHighlight(segment.marked) };
}

/** The text with every match between the markers (any markers already in it removed first). */
export function markedText(q: string, text: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`ts_headline('english', translate(${text}, ${HIGHLIGHT_START + HIGHLIGHT_STOP}, ''), ${toTsquery(q)}, ${HEADLINE_OPTIONS})`;
}

/**
 * Rows (city_video_id, start_ms, seq, text, rank): the best 3 matching segments of each
 * video, each video's matches read from the (city_video_id, tsv) index on their own, so a
 * common word costs no more than a rare one.
 */
export function bestHits(q: string, videoIds: readonly string[]) {
  return sql`
    select b.* from unnest(${uuidArray(videoIds)}) as p(id)
    cross join lateral (
      select s.city_video_id, s.start_ms, s.seq, s.text, ts_rank(s.tsv, ${toTsquery(q)}) as rank
      from transcript_segments s
      where s.city_video_id = p.id and ${probeMatch(q)}
      order by rank desc, s.start_ms, s.seq
      limit ${SEARCH_HITS_PER_VIDEO}
    ) b`;
}
