/**
 * Which videos have a transcript segment matching the query, newest first, without ever
 * visiting every match of a broad word (the classic full-text slowdown).
 *
 * Two ways to find the newest matching videos, each fast where the other is slow:
 * - walk: go through the videos newest first and probe each one's own segments (the
 *   (city_video_id, tsv) index) until one matches. Cheap when most videos match ("council"),
 *   slow when few do: every video in between costs an index probe.
 * - index: read every matching segment from the GIN index on tsv, then sort their videos by
 *   date. Cheap for rare words ("Zaragoza"), ruinous for common ones (150,000 heap rows).
 * PostgreSQL's planner chooses between them by estimates that are far off for phrases and
 * for words that occur together ("navigation team": 351 estimated, 12,800 real), so the
 * choice is made here from a measurement: the newest videos are probed first (the walk's
 * first steps, needed anyway), and what share of them match says how long the walk would
 * be and how many segments the index would return. When the statistics show no word of the
 * query to be common (word-stats.ts), that sample is skipped and the index read at once.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { prepared } from '../db/prepared.js';
import { BY_DATE, inScope, probeMatch, type Scope, type Tsquery } from './search-sql.js';

/** Videos probed before choosing: a broad word fills a small page from them alone. */
export const SAMPLE_VIDEOS = 16;
/** Matching segments counted per sampled video (counting stops there). */
export const SAMPLE_MATCH_CAP = 5;
/**
 * What the two ways cost, in microseconds, as measured on PostgreSQL at a million segments
 * (2,000 meetings; scripts/bench). Probing a video that matches visits one segment's row;
 * one that does not costs only a look in the (city_video_id, tsv) index, dearer when the
 * index must intersect several words, dearer still when a phrase's word order must be
 * checked on the rows that hold all its words. Reading the index costs a row visit per
 * matching segment, whichever city it belongs to.
 */
const PROBE_HIT_COST = 25;
const PROBE_MISS_COST: Record<QueryShape, number> = { word: 4, words: 30, phrase: 60 };
const INDEX_FIXED_COST = 300;
const INDEX_ROW_COST = 3.5;
/**
 * When none of the sampled videos match, the index is the better bet (the word is rare),
 * unless the rest of the scope is small enough to walk whole (in microseconds of probes):
 * one city's meetings, where the index would read the matches of every city.
 */
const WALK_ALL_BUDGET = 2000;
/** Matching segments the index path reads at most (about 100 ms) before giving up on it. */
export const INDEX_ROW_CAP = 20_000;

export interface MatchedVideo {
  id: string;
  published_at: Date | null;
}

export interface SampledVideo extends MatchedVideo {
  /** Matching segments, counted up to SAMPLE_MATCH_CAP. */
  matches: number;
  /** Segments of the video (its last seq + 1: one index lookup, not a count). */
  segments: number;
}

export interface Sample {
  /**
   * By the statistics no word of the query is common (word-stats.ts): the sample was skipped
   * and the index is the way.
   */
  rare: boolean;
  /**
   * Whether the query has a word the transcript index can look up: not when it is only stop
   * words or punctuation (querytree ''), nor only negations ('T', which would match nearly
   * every moment; search takes -exclusions out before, see opening.ts). Otherwise the videos
   * are meaningless.
   */
  searchable: boolean;
  videos: SampledVideo[];
  /** What the index must do to test a segment (from the query's tree). */
  shape: QueryShape;
  /** Videos in scope, the sampled ones included. */
  scopeSize: number;
  /**
   * All videos: the index returns the matches of every city, so for one city's search its
   * cost grows with this, not with the city's share.
   */
  totalSize: number;
}

/** One word (or words joined by `or`), several words that must all be there, or a phrase. */
export type QueryShape = 'word' | 'words' | 'phrase';

/** The shape of a querytree such as `'public' <-> 'comment' & 'budget'`. */
export function shapeOf(tree: string): QueryShape {
  if (/<(-|\d+)>/.test(tree)) return 'phrase';
  return tree.includes('&') ? 'words' : 'word';
}

export type Strategy = 'sample' | 'walk' | 'index';

export interface NewestMatches {
  videos: MatchedVideo[];
  strategy: Strategy;
}

/**
 * How to find the `want` newest matching videos after the sample, by what each way would
 * cost: walking on probes the videos still to visit until enough match (the sample's share
 * of matching videos says how many), the index reads every matching segment (the sample's
 * matches per video, over all videos, say how many).
 */
export function chooseStrategy(sample: Sample, want: number): Strategy {
  if (sample.rare) return 'index';
  const matched = sample.videos.filter((v) => v.matches > 0);
  if (matched.length >= want || sample.videos.length >= sample.scopeSize) return 'sample';
  const share = matched.length / sample.videos.length;
  const rest = sample.scopeSize - sample.videos.length;
  const missCost = PROBE_MISS_COST[sample.shape];
  if (share === 0) return rest * missCost <= WALK_ALL_BUDGET ? 'walk' : 'index';
  const matchesPerVideo = sum(matched.map((v) => v.matches)) / matched.length;
  const needed = want - matched.length;
  const videosToWalk = Math.min(rest, needed / share);
  const walkCost = Math.min(needed, videosToWalk) * PROBE_HIT_COST + Math.max(0, videosToWalk - needed) * missCost;
  const indexCost = INDEX_FIXED_COST + INDEX_ROW_COST * share * (sample.totalSize - sample.videos.length) * matchesPerVideo;
  return walkCost <= indexCost ? 'walk' : 'index';
}

/** The `want` newest videos in scope with a matching segment (want = page size + 1), after the sample. */
export async function findNewestMatches(db: Executor, query: Tsquery, scope: Scope, want: number, sample: Sample): Promise<NewestMatches> {
  const strategy = chooseStrategy(sample, want);
  const sampled = sample.videos.filter((v) => v.matches > 0).map(({ id, published_at }) => ({ id, published_at }));
  if (strategy === 'sample') return { videos: sampled.slice(0, want), strategy };
  if (strategy === 'walk') {
    const older = await walkMatches(db, query, scope, sample.videos.length, want - sampled.length);
    return { videos: [...sampled, ...older], strategy };
  }
  const indexed = await indexMatches(db, query, scope, want);
  if (indexed) return { videos: indexed, strategy };
  // Too many for the index after all: walk on from the sample, however long that takes.
  const older = await walkMatches(db, query, scope, sample.videos.length, want - sampled.length);
  return { videos: [...sampled, ...older], strategy: 'walk' };
}

/**
 * Videos past the first `skip`, newest first, probing each one's segments until one
 * matches; stops after `limit` matching videos.
 */
export async function walkMatches(db: Executor, query: Tsquery, scope: Scope, skip: number, limit: number): Promise<MatchedVideo[]> {
  return (await prepared(walkQuery(query, scope, skip, limit)).execute(db)).rows;
}

/** walkMatches as a query of its own, for statements that go on with its videos. The lateral LIMIT 1 keeps the probe a nested loop over the primary key. */
export function walkQuery(query: Tsquery, scope: Scope, skip: number, limit: number): RawBuilder<MatchedVideo> {
  return sql<MatchedVideo>`
    select v.id, v.published_at
    from (select v.id, v.published_at from city_videos v where ${inScope(scope)} order by ${BY_DATE} offset ${skip}) v
    cross join lateral (
      select 1 from transcript_segments s where s.city_video_id = v.id and ${probeMatch(query)} limit 1
    ) hit
    order by ${BY_DATE}
    limit ${limit}`;
}

/**
 * Every matching segment from the GIN index, reduced to its videos, newest first; null when
 * there are more than INDEX_ROW_CAP (the sample misjudged the word: a topic of older
 * meetings that the newest ones never mention).
 */
export async function indexMatches(db: Executor, query: Tsquery, scope: Scope, limit: number): Promise<MatchedVideo[] | null> {
  const result = await prepared(sql<{ overflow: boolean; id: string | null; published_at: Date | null }>`
    with ${indexedSegments(query)}
    select o.overflow, p.id, p.published_at
    from overflow o left join lateral (${indexedVideos(scope, limit)}) p on true
    order by p.published_at desc nulls last, p.id`).execute(db);
  if (result.rows[0]?.overflow !== false) return null;
  return result.rows.flatMap(({ id, published_at }) => (id === null ? [] : [{ id, published_at }]));
}

/**
 * The CTEs of the index path: `matched`, up to INDEX_ROW_CAP + 1 matching segments, and
 * `overflow`, whether there were more. Materialized: the planner must not turn the read of
 * the index back into a walk.
 */
export function indexedSegments(query: Tsquery): RawBuilder<unknown> {
  return sql`
    matched as materialized (
      select s.city_video_id from transcript_segments s where s.tsv @@ ${query} limit ${INDEX_ROW_CAP + 1}
    ),
    overflow as materialized (select count(*) > ${INDEX_ROW_CAP} as overflow from matched)`;
}

/** After indexedSegments: the videos in scope of the matched segments, newest first; none on overflow. */
export function indexedVideos(scope: Scope, limit: number): RawBuilder<MatchedVideo> {
  return sql<MatchedVideo>`
    select v.id, v.published_at
    from (select distinct city_video_id from matched) m join city_videos v on v.id = m.city_video_id
    where ${inScope(scope)} and not (select overflow from overflow)
    order by ${BY_DATE}
    limit ${limit}`;
}

export function averageSegments(sample: Sample): number {
  return sample.videos.length === 0 ? 0 : sum(sample.videos.map((v) => v.segments)) / sample.videos.length;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
