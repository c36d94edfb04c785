/**
 * sort=relevance. A video's score is its text score times a gentle recency factor:
 *
 *   text    = sum of ts_rank of its best 3 matching segments (the hits it shows)
 *             + 0.2 when the title contains the query (substring, or all its words)
 *             + 0.1 when the description does
 *   recency = 1 / (1 + 0.1 × age in years)    (1 today, 0.91 at one year, 0.5 at ten)
 *
 * ts_rank gives about 0.06 for one occurrence of a one-word query, so a title match counts
 * like three good moments, and a meeting five years older needs half again the text score
 * of a new one to rank above it. Videos without a date count as ten years old.
 *
 * Which videos are scored: every matching one in a small scope (one city's meetings, walked
 * whole), or when the sample of the newest videos says there are at most RANK_ALL_CAP
 * matching segments (they are read from the GIN index). A
 * broader query is scored over its newest matching videos only: twice a page, at least 50
 * (relevanceCandidates). Ranking every match of a common word is exactly the slowdown search
 * must not have, and the recency factor favours the newest anyway.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { SEARCH_HITS_PER_VIDEO } from '../domain/search.js';
import { prepared } from '../db/prepared.js';
import { inScope, probeMatch, uuidArray, type Scope, type Tsquery } from './search-sql.js';
import { averageSegments, findNewestMatches, SAMPLE_MATCH_CAP, type MatchedVideo, type Sample } from './transcript-matches.js';

export const TITLE_BOOST = 0.2;
export const DESCRIPTION_BOOST = 0.1;
const RECENCY_PER_YEAR = 0.1;
const UNDATED_AGE_YEARS = 10;
const YEAR_MS = 365.25 * 86_400_000;
/** Matching segments read through the index to rank every matching video. */
export const RANK_ALL_CAP = 4000;
/** A scope with at most this many segments (one city's meetings) is ranked whole, probing every video. */
export const RANK_SCOPE_SEGMENTS = 40_000;
/** Videos scored when a query matches more segments than that: twice the page, at least 50. */
export function relevanceCandidates(want: number): number {
  return Math.max(50, 2 * want);
}

export interface ScoreInput {
  textRank: number;
  titleMatch: boolean;
  descriptionMatch: boolean;
  publishedAt: Date | null;
}

export function recencyFactor(publishedAt: Date | null, now: Date): number {
  const years = publishedAt ? Math.max(0, (now.getTime() - publishedAt.getTime()) / YEAR_MS) : UNDATED_AGE_YEARS;
  return 1 / (1 + RECENCY_PER_YEAR * years);
}

export function relevanceScore(input: ScoreInput, now: Date): number {
  const text = input.textRank + (input.titleMatch ? TITLE_BOOST : 0) + (input.descriptionMatch ? DESCRIPTION_BOOST : 0);
  return text * recencyFactor(input.publishedAt, now);
}

/**
 * The transcript matches that can still make the first `want` once title and description
 * boosts are known: the others need not be loaded. A video's score lies between its text
 * rank alone and its text rank plus both boosts, discounted by its age.
 */
export function shortlist(ranks: ReadonlyMap<string, TextRank>, want: number, now: Date): string[] {
  const bounds = [...ranks].map(([id, { textRank, publishedAt }]) => {
    const recency = recencyFactor(publishedAt, now);
    return { id, low: textRank * recency, high: (textRank + TITLE_BOOST + DESCRIPTION_BOOST) * recency };
  });
  const lows = bounds.map((b) => b.low).sort((a, b) => b - a);
  const bar = lows.length >= want ? lows[want - 1]! : 0;
  return bounds.filter((b) => b.high >= bar).map((b) => b.id);
}

export interface TextRank {
  /** Sum of the ts_rank of its best 3 matching segments. */
  textRank: number;
  publishedAt: Date | null;
}

export interface TextRanks {
  /** By video id. */
  ranks: Map<string, TextRank>;
  /** Every matching video was scored (not only the newest candidates). */
  complete: boolean;
}

/** The videos to score and their text ranks (see the header for which videos), after the sample. */
export async function rankTranscriptMatches(db: Executor, query: Tsquery, scope: Scope, sample: Sample, want: number): Promise<TextRanks> {
  const matched = sample.videos.filter((v) => v.matches > 0);
  if (sample.rare || (sample.videos.length < sample.scopeSize && estimateMatches(sample) <= RANK_ALL_CAP)) {
    const all = await rankAllMatches(db, query, scope);
    if (all) return { ranks: all, complete: true };
  } else if (sample.videos.length >= sample.scopeSize) {
    return { ranks: await rankVideos(db, query, matched), complete: true };
  }
  // One city's meetings: score every one of them, probing each.
  if (!sample.rare && sample.scopeSize * averageSegments(sample) <= RANK_SCOPE_SEGMENTS) {
    return { ranks: await rankScope(db, query, scope), complete: true };
  }
  const candidates = relevanceCandidates(want);
  const newest = await findNewestMatches(db, query, scope, candidates, sample);
  return {
    ranks: await rankVideos(db, query, newest.videos),
    complete: newest.videos.length < candidates,
  };
}

/** Matching segments the index would read, from the sample; a video whose count was cut off counts as 20. */
function estimateMatches(sample: Sample): number {
  if (sample.videos.length === 0) return 0;
  const perSampled = sample.videos.reduce((n, v) => n + (v.matches >= SAMPLE_MATCH_CAP ? 4 * SAMPLE_MATCH_CAP : v.matches), 0);
  // The index holds every city's matches: for one city's search it reads them all.
  return (perSampled / sample.videos.length) * sample.totalSize;
}

/**
 * Every matching segment's rank from the GIN index, best 3 summed per video; null when there
 * are more than twice RANK_ALL_CAP (the sample underestimated: the caller falls back).
 */
async function rankAllMatches(db: Executor, query: Tsquery, scope: Scope): Promise<Map<string, TextRank> | null> {
  const cap = RANK_ALL_CAP * 2;
  const result = await prepared(sql<{ total: string; id: string | null; rank: number | null; published_at: Date | null }>`
    with matched as materialized (
      select s.city_video_id, ts_rank(s.tsv, ${query}) as rank
      from transcript_segments s where s.tsv @@ ${query}
      limit ${cap + 1}
    ),
    ranked as (
      select m.city_video_id, v.published_at, m.rank,
        row_number() over (partition by m.city_video_id order by m.rank desc) as n
      from matched m join city_videos v on v.id = m.city_video_id
      where ${inScope(scope)}
    )
    select t.total, r.id, r.rank, r.published_at
    from (select count(*) as total from matched) t
    left join (
      select city_video_id as id, published_at, (sum(rank) filter (where n <= ${SEARCH_HITS_PER_VIDEO}))::float8 as rank
      from ranked group by city_video_id, published_at
    ) r on true`).execute(db);
  if (Number(result.rows[0]?.total ?? 0) > cap) return null;
  const ranks = new Map<string, TextRank>();
  for (const row of result.rows) if (row.id !== null) ranks.set(row.id, { textRank: row.rank ?? 0, publishedAt: row.published_at });
  return ranks;
}

/** Every video in scope with a matching segment, ranked like rankVideos. */
async function rankScope(db: Executor, query: Tsquery, scope: Scope): Promise<Map<string, TextRank>> {
  const result = await prepared(sql<{ id: string; published_at: Date | null; rank: number }>`
    select v.id, v.published_at, sum(best.rank)::float8 as rank
    from city_videos v
    cross join lateral (
      select ts_rank(s.tsv, ${query}) as rank
      from transcript_segments s where s.city_video_id = v.id and ${probeMatch(query)}
      order by rank desc limit ${SEARCH_HITS_PER_VIDEO}
    ) best
    where ${inScope(scope)}
    group by v.id, v.published_at`).execute(db);
  return new Map(result.rows.map((row) => [row.id, { textRank: row.rank, publishedAt: row.published_at }]));
}

/** The best 3 segment ranks of each given video, summed, probing its own segments. */
async function rankVideos(db: Executor, query: Tsquery, videos: readonly MatchedVideo[]): Promise<Map<string, TextRank>> {
  if (videos.length === 0) return new Map();
  const dates = new Map(videos.map((v) => [v.id, v.published_at]));
  const result = await prepared(sql<{ id: string; rank: number }>`
    select p.id, sum(best.rank)::float8 as rank
    from unnest(${uuidArray(videos.map((v) => v.id))}) as p(id)
    cross join lateral (
      select ts_rank(s.tsv, ${query}) as rank
      from transcript_segments s where s.city_video_id = p.id and ${probeMatch(query)}
      order by rank desc limit ${SEARCH_HITS_PER_VIDEO}
    ) best
    group by p.id`).execute(db);
  return new Map(result.rows.map((row) => [row.id, { textRank: row.rank, publishedAt: dates.get(row.id) ?? null }]));
}
