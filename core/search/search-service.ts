/**
 * Video search (spec §2 screen 9, §7; api.md GET /api/search). A video is found when its
 * title or description contains the query (the spec's case-insensitive substring match) or
 * when a moment of its transcript matches it: one segment (a timed sentence) holding every
 * word, each quoted phrase and none of the -excluded words, with English stemming
 * (websearch_to_tsquery). Results are newest first, or by relevance (relevance.ts), at most
 * 50, each with its best 3 moments.
 *
 * A query of only stop words or punctuation has nothing to look for in transcripts, and
 * one of only -exclusions would match nearly every moment: both search titles and
 * descriptions only. Nothing here counts all the matches of a query.
 */
import { sql, type Kysely } from 'kysely';
import { findCityByKey } from '../db/repositories/cities.js';
import type { Executor } from '../db/repositories/executor.js';
import type { DB } from '../db/schema.js';
import { stripHighlightMarkers } from '../domain/search-highlight.js';
import { searchRequestSchema, type ParsedSearchRequest, type SearchRequest, type SearchResponse, type SearchResult } from '../domain/search.js';
import { AppError } from '../errors.js';
import { loadHits } from './hits.js';
import { rankTranscriptMatches, relevanceScore, shortlist, type TextRank } from './relevance.js';
import type { Scope } from './search-sql.js';
import { findNewestMatches, sampleNewest, type MatchedVideo, type Strategy } from './transcript-matches.js';
import { findTitleMatches, loadResultRows, type ResultRow } from './video-rows.js';
import { commonLexemes } from './word-stats.js';

export interface SearchOptions {
  /** The clock for relevance's recency factor (tests fix it). */
  now?: Date;
  /** Receives how transcript matches were found (the benchmark prints it). */
  onStrategy?: (strategy: Strategy | 'ranked' | 'none') => void;
}

export interface SearchService {
  searchVideos(request: SearchRequest, options?: SearchOptions): Promise<SearchResponse>;
}

export function createSearchService(db: Kysely<DB>): SearchService {
  return { searchVideos: (request, options) => searchVideos(db, request, options) };
}

const EMPTY: SearchResponse = { results: [], count: 0, hasMore: false };

export async function searchVideos(db: Executor, request: SearchRequest, options: SearchOptions = {}): Promise<SearchResponse> {
  const input = readRequest(request);
  if (!input.q) return EMPTY;
  // Inside a caller's transaction nothing may be SET: the planner is left to choose there.
  if (db.isTransaction) return search(db, input, null, options);
  const common = await commonLexemes(db);
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`select set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true)`.execute(trx);
      return search(trx, input, common, options);
    });
}

/**
 * The statements of one search, in one read-only transaction (one connection, one round trip
 * of settings). JIT off: its compile time (10-50 ms) dwarfs these statements, yet their
 * estimated costs pass jit_above_cost as soon as meetings run long (a probe of 50 videos of
 * 2,000 segments). Sequential scans off: the planner prices ILIKE like an equality test and
 * would rather run it on every title and description (10 ms for 2,000 videos) than use the
 * trigram indexes (0.5 ms); no statement here wants a sequential scan of a big table.
 */
async function search(db: Executor, input: ParsedSearchRequest, common: readonly string[] | null, options: SearchOptions): Promise<SearchResponse> {
  const pageRequest: PageRequest = { q: input.q, scope: { cityKey: input.city }, limit: input.limit, common };
  const page = input.sort === 'relevance' ? await pageByRelevance(db, pageRequest, options) : await pageByDate(db, pageRequest, options);
  // An unknown city finds nothing; only then is it worth a look whether it exists.
  if (input.city && page.entries.length === 0 && !(await findCityByKey(db, input.city))) {
    throw new AppError('NOT_FOUND', `Unknown city "${input.city}"`);
  }
  const hasMore = page.entries.length > input.limit;
  const shown = page.entries.slice(0, input.limit);
  const ids = shown.map((entry) => entry.id);
  const rows = await showRows(db, input.q, ids, page);
  const results = shown.flatMap((entry): SearchResult[] => {
    const row = rows.get(entry.id);
    if (!row) return []; // deleted between the queries
    return [present(row, row.hits ?? [], entry.rank)];
  });
  return { results, count: results.length, hasMore };
}

/** The shown videos' rows with their hits: one statement, or the hits only when ranking loaded the rows. */
async function showRows(db: Executor, q: string, ids: readonly string[], page: Page): Promise<Map<string, ResultRow>> {
  if (!page.rows) return loadResultRows(db, q, ids, { boost: NO_BOOST, ...(page.searchable ? { hits: true } : {}) });
  if (!page.searchable) return page.rows;
  const hits = await loadHits(db, q, ids);
  const rows = new Map<string, ResultRow>();
  for (const id of ids) {
    const row = page.rows.get(id);
    if (row) rows.set(id, { ...row, hits: hits.get(id) ?? [] });
  }
  return rows;
}

const NO_BOOST = { substring: false, words: false };

/** Validated and normalised; a query with marker or NUL characters loses them first. */
function readRequest(request: SearchRequest): ParsedSearchRequest {
  const parsed = searchRequestSchema.safeParse({ ...request, q: typeof request.q === 'string' ? clean(request.q) : request.q });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'request';
    const message = issue?.message.startsWith('The search query') ? issue.message : `Invalid search ${field}: ${issue?.message ?? 'bad value'}`;
    throw new AppError('BAD_INPUT', message, { details: { issues: parsed.error.issues } });
  }
  return parsed.data;
}

function clean(q: string): string {
  return stripHighlightMarkers(q).replace(/\0/g, '');
}

interface PageRequest {
  q: string;
  scope: Scope;
  limit: number;
  /** The common lexemes (word-stats.ts), or null when unknown. */
  common: readonly string[] | null;
}

interface PageEntry extends MatchedVideo {
  rank?: number;
}

interface Page {
  /** Up to limit + 1, in order: one more than shown says whether there are more. */
  entries: PageEntry[];
  /** The query has words to look for in transcripts (see Sample.searchable). */
  searchable: boolean;
  /** The rows, when ranking needed them already. */
  rows?: Map<string, ResultRow>;
}

/** What both orders begin with: a sample of the newest matching moments, and the title matches. */
async function startPage(db: Executor, request: PageRequest, want: number) {
  const [sample, titled] = await Promise.all([
    sampleNewest(db, request.q, request.scope, request.common),
    findTitleMatches(db, request.q, request.scope, want),
  ]);
  return { sample, titled };
}

/** The newest limit + 1 of the union of title matches and transcript matches. */
async function pageByDate(db: Executor, request: PageRequest, options: SearchOptions): Promise<Page> {
  const want = request.limit + 1;
  const { sample, titled } = await startPage(db, request, want);
  const transcript = sample.searchable ? await findNewestMatches(db, request.q, request.scope, want, sample) : undefined;
  options.onStrategy?.(transcript?.strategy ?? 'none');
  const entries = mergeById([...(transcript?.videos ?? []), ...titled]).sort(compareByDate).slice(0, want);
  return { entries, searchable: sample.searchable };
}

/** Title matches and scored transcript matches together, best score first. */
async function pageByRelevance(db: Executor, request: PageRequest, options: SearchOptions): Promise<Page> {
  const want = request.limit + 1;
  const { sample, titled } = await startPage(db, request, want);
  const ranked = sample.searchable ? await rankTranscriptMatches(db, request.q, request.scope, sample, want) : undefined;
  options.onStrategy?.(ranked ? 'ranked' : 'none');
  const textRanks = ranked?.ranks ?? new Map<string, TextRank>();
  const now = options.now ?? new Date();
  const ids = [...new Set([...shortlist(textRanks, want, now), ...titled.map((v) => v.id)])];
  const rows = await loadResultRows(db, request.q, ids, { boost: { substring: true, words: sample.searchable } });
  const scored = [...rows.values()].map((row) => ({
    id: row.id,
    published_at: row.published_at,
    rank: relevanceScore(
      {
        textRank: textRanks.get(row.id)?.textRank ?? 0,
        titleMatch: row.title_match,
        descriptionMatch: row.description_match,
        publishedAt: row.published_at,
      },
      now,
    ),
  }));
  // A broad query scores twice a page of videos (relevanceCandidates): hasMore holds.
  const entries = scored.sort((a, b) => b.rank - a.rank || compareByDate(a, b)).slice(0, want);
  return { entries, searchable: sample.searchable, rows };
}

function mergeById(videos: readonly MatchedVideo[]): MatchedVideo[] {
  return [...new Map(videos.map((video) => [video.id, video])).values()];
}

/** The SQL order `published_at desc nulls last, id` (uuids compare as their lowercase text). */
export function compareByDate(a: MatchedVideo, b: MatchedVideo): number {
  const at = a.published_at?.getTime();
  const bt = b.published_at?.getTime();
  if (at !== bt) {
    if (at === undefined) return 1;
    if (bt === undefined) return -1;
    return bt - at;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function present(row: ResultRow, hits: SearchResult['hits'], rank: number | undefined): SearchResult {
  const result: SearchResult = {
    id: row.id,
    video_id: row.video_id,
    title: row.title,
    description: row.description,
    channel_title: row.channel_title,
    published_at: row.published_at,
    thumbnail_url: row.thumbnail_url,
    video_url: row.video_url,
    city_id: row.city_id,
    city: row.city,
    hits,
  };
  if (rank !== undefined) result.rank = rank;
  return result;
}
