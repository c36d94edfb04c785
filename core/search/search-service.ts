/**
 * Video search (spec §2 screen 9, §7; api.md GET /api/search). A video is found when its
 * title or description contains the query (the spec's case-insensitive substring match) or
 * when a moment of its transcript matches it: one segment (a timed sentence) holding every
 * word and each quoted phrase, with English stemming (websearch_to_tsquery). A -word or
 * -"phrase" removes every meeting that says it (any segment) or writes it (title or
 * description), whatever else matches (domain/search-exclusions.ts). Results are newest
 * first, or by relevance (relevance.ts), at most 50, each with its best 3 moments.
 *
 * A query of only stop words or punctuation has nothing to look for in transcripts: it
 * searches titles and descriptions only. One of only -exclusions lists every meeting that
 * does not say or write them, newest first. Nothing here counts all the matches of a query.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/repositories/executor.js';
import type { DB } from '../db/schema.js';
import type { Audience } from '../domain/city-visibility.js';
import {
  searchRequestSchema,
  type ParsedSearchRequest,
  type SearchRequest,
  type SearchResponse,
  type SearchResult,
} from '../domain/search.js';
import { AppError } from '../errors.js';
import { loadDatePage, type PageSource } from './date-page.js';
import { loadHighlighter, type Highlight } from './highlight.js';
import { loadMoments, type Moment } from './moments.js';
import { byDate, openSearch, type Opening } from './opening.js';
import { rankTranscriptMatches, relevanceScore, shortlist, type TextRank } from './relevance.js';
import { excludedMeetings, tsqueryParam, type Scope } from './search-sql.js';
import { chooseStrategy, type Strategy } from './transcript-matches.js';
import { loadResultRows, type ResultRow } from './video-rows.js';
import { commonLexemes } from './word-stats.js';

export interface SearchOptions {
  /** Whose search: the public's sees only public cities (city-visibility.ts). Default staff (the CLI). */
  audience?: Audience;
  /** The clock for relevance's recency factor (tests fix it). */
  now?: Date;
  /** Receives how transcript matches were found (the benchmark prints it). */
  onStrategy?: (strategy: Strategy | 'ranked' | 'none') => void;
}

export interface SearchService {
  searchVideos(request: SearchRequest, options?: SearchOptions): Promise<SearchResponse>;
}

export function createSearchService(database: SearchDatabase): SearchService {
  let db: Kysely<DB> | undefined;
  return { searchVideos: (request, options) => searchVideos((db ??= searchConnections(database)), request, options) };
}

type SearchDatabase = Pick<Database, 'db' | 'openPool'>;

/**
 * What every statement of a search wants from its session. JIT off: its compile time
 * (10-50 ms) dwarfs these statements, yet their estimated costs pass jit_above_cost as soon
 * as meetings run long (a probe of 50 videos of 2,000 segments). Sequential scans off: the
 * planner prices ILIKE like an equality test and would rather run it on every title and
 * description (10 ms for 2,000 videos) than use the trigram indexes (0.5 ms); no statement
 * here wants a sequential scan of a big table. Generic plans: the statements are prepared
 * (prepared.ts) and spell their plans out in their shape, so planning them once per
 * connection is enough (planning took as long as running them). Read-only: search writes
 * nothing.
 */
const SEARCH_SETTINGS = { jit: 'off', enable_seqscan: 'off', plan_cache_mode: 'force_generic_plan', default_transaction_read_only: 'on' };
/** Connections of the search pool (PostgreSQL): searches at once per process. */
const SEARCH_CONNECTIONS = 4;
/** An idle search connection is kept this long: closing it forgets its prepared statements. */
const SEARCH_IDLE_MS = 5 * 60_000;

/** Connections that start with SEARCH_SETTINGS: a search on them needs no transaction to set them. */
const presetConnections = new WeakSet<Kysely<DB>>();

/**
 * The connections searches run on: on PostgreSQL a small pool of its own whose connections
 * start with SEARCH_SETTINGS, so a search is its statements alone (three round trips fewer
 * than a transaction that sets them); on PGlite the database itself.
 */
export function searchConnections(database: SearchDatabase): Kysely<DB> {
  const pool = database.openPool?.({ max: SEARCH_CONNECTIONS, settings: SEARCH_SETTINGS, idleMs: SEARCH_IDLE_MS });
  if (!pool) return database.db;
  presetConnections.add(pool);
  return pool;
}

const EMPTY: SearchResponse = { results: [], count: 0, has_more: false };

export async function searchVideos(db: Executor, request: SearchRequest, options: SearchOptions = {}): Promise<SearchResponse> {
  const input = readRequest(request);
  if (!input.q) return EMPTY;
  // Inside a caller's transaction nothing may be SET: the planner is left to choose there.
  if (db.isTransaction) return search(db, input, null, options);
  const common = await commonLexemes(db);
  if (presetConnections.has(db)) return search(db, input, common, options);
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      // Not generic plans: what is not prepared once per connection (PGlite) is better planned with its values.
      const { jit, enable_seqscan } = SEARCH_SETTINGS;
      await sql`select set_config('jit', ${jit}, true), set_config('enable_seqscan', ${enable_seqscan}, true)`.execute(trx);
      return search(trx, input, common, options);
    });
}

/** The statements of one search (see SEARCH_SETTINGS for the session they run in). */
async function search(db: Executor, input: ParsedSearchRequest, common: readonly string[] | null, options: SearchOptions): Promise<SearchResponse> {
  const scope: Scope = { cityKey: input.city, audience: options.audience ?? 'staff' };
  const opening = await openSearch(db, input.q, scope, { want: input.limit + 1, common, moments: input.sort === 'date' });
  if (!opening.cityExists) throw new AppError('NOT_FOUND', `Unknown city "${input.city}"`);
  // The statements after the opening leave out the meetings that say or write an exclusion.
  const excluded = opening.exclusion === null ? undefined : excludedMeetings(tsqueryParam(opening.exclusion));
  const request: PageRequest = { scope: excluded ? { ...scope, excluded } : scope, limit: input.limit };
  const entries = input.sort === 'relevance' ? await pageByRelevance(db, request, opening, options) : await pageByDate(db, request, opening, options);
  const shown = entries.slice(0, input.limit);
  const texts = shown.flatMap((entry) => (entry.row.moments ?? []).map((moment) => moment.text));
  const highlight = await loadHighlighter(db, opening.lexemes, texts);
  const results = shown.map((entry) => present(entry, highlight));
  return { results, count: results.length, has_more: entries.length > input.limit };
}

/** Validated and normalised; a query with NUL characters loses them first (PostgreSQL text cannot hold them). */
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
  return q.replace(/\0/g, '');
}

interface PageRequest {
  /** The scope, with the query's exclusions once the opening statement has parsed them. */
  scope: Scope;
  limit: number;
}

/** A result before it is presented: rows with their hits (the shown ones), in order. */
interface Entry {
  row: ResultRow;
  rank?: number;
}

/** The newest limit + 1 of the union of title matches and transcript matches. */
async function pageByDate(db: Executor, request: PageRequest, opening: Opening, options: SearchOptions): Promise<Entry[]> {
  const want = request.limit + 1;
  const { sample } = opening;
  const sampled = sample.videos.filter((v) => v.matches > 0);
  const walkOn: PageSource = { kind: 'walk', skip: sample.videos.length, need: want - sampled.length };
  let strategy = sample.searchable ? chooseStrategy(sample, want) : undefined;
  const pageRequest = {
    query: tsqueryParam(opening.tsquery),
    scope: request.scope,
    known: [...sampled, ...opening.titled],
    knownMoments: opening.moments,
    moments: sample.searchable,
    want,
    limit: request.limit,
  };
  const source: PageSource = strategy === 'walk' ? walkOn : strategy === 'index' ? { kind: 'index' } : { kind: 'none' };
  let page = await loadDatePage(db, { ...pageRequest, source });
  if (page.overflow) {
    // Too many for the index after all: walk on from the sample, however long that takes.
    strategy = 'walk';
    page = await loadDatePage(db, { ...pageRequest, source: walkOn });
  }
  options.onStrategy?.(strategy ?? 'none');
  return page.rows.map((row) => ({ row }));
}

/** Title matches and scored transcript matches together, best score first. */
async function pageByRelevance(db: Executor, request: PageRequest, opening: Opening, options: SearchOptions): Promise<Entry[]> {
  const want = request.limit + 1;
  const { sample, titled } = opening;
  const query = tsqueryParam(opening.tsquery);
  const ranked = sample.searchable ? await rankTranscriptMatches(db, query, request.scope, sample, want) : undefined;
  options.onStrategy?.(ranked ? 'ranked' : 'none');
  const textRanks = ranked?.ranks ?? new Map<string, TextRank>();
  const now = options.now ?? new Date();
  const ids = [...new Set([...shortlist(textRanks, want, now), ...titled.map((v) => v.id)])];
  const rows = await loadResultRows(db, opening.wanted, query, ids, { words: sample.searchable });
  const scored = [...rows.values()].map((row) => ({
    row,
    rank: relevanceScore(
      { textRank: textRanks.get(row.id)?.textRank ?? 0, titleMatch: row.title_match, descriptionMatch: row.description_match, publishedAt: row.published_at },
      now,
    ),
  }));
  // A broad query scores twice a page of videos (relevanceCandidates): has_more holds.
  const entries = scored.sort((a, b) => b.rank - a.rank || byDate(a.row, b.row)).slice(0, want);
  const shown = entries.slice(0, request.limit).map((entry) => entry.row.id);
  const moments = sample.searchable ? await loadMoments(db, query, shown) : new Map<string, Moment[]>();
  return entries.map(({ row, rank }) => ({ row: { ...row, moments: moments.get(row.id) ?? [] }, rank }));
}

function present({ row, rank }: Entry, highlight: Highlight): SearchResult {
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
    hits: (row.moments ?? []).map((moment) => ({ start_ms: moment.start_ms, text: moment.text, highlighted: highlight(moment.text) })),
  };
  if (rank !== undefined) result.rank = rank;
  return result;
}
