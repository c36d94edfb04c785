/**
 * SQL fragments shared by the search queries. Every query spells its plan out in its shape
 * rather than leaving it to the planner's estimates, which are far off for phrases and for
 * words that often occur together (see transcript-matches.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import { PUBLIC_CITY_STATUSES, type Audience } from '../domain/city-visibility.js';

/** A tsquery expression: websearchQuery in the opening statement, tsqueryParam after it. */
export type Tsquery = RawBuilder<unknown>;

/** The query language of websearch_to_tsquery: words (stemmed), "phrases", or, -word. */
export function websearchQuery(q: string): Tsquery {
  return sql`websearch_to_tsquery('english', ${q})`;
}

/**
 * The query as the opening statement parsed it (its text form), bound as a tsquery
 * parameter: read once when the statement starts, however many rows use it. Parsing it
 * again in every row that ranks or probes would cost more than the row (a generic plan of
 * a prepared statement cannot fold websearch_to_tsquery into a constant).
 */
export function tsqueryParam(text: string): Tsquery {
  return sql`${text}::tsquery`;
}

/**
 * The segment-matches test where one video's own segments are probed (`s.city_video_id =
 * v.id` beside it): the GIN index on (city_video_id, tsv) answers both at once, reading only
 * that video's matches (migration 0011).
 */
export function probeMatch(query: Tsquery): RawBuilder<boolean> {
  return sql<boolean>`(s.tsv @@ ${query})`;
}

/** Which videos a search looks at: one city's (by location key), or all, of the cities the audience sees. */
export interface Scope {
  cityKey?: string | undefined;
  /** Staff (the default: the CLI is the operator) search every city; the public only those of PUBLIC_CITY_STATUSES (city-visibility.ts). */
  audience?: Audience | undefined;
  /**
   * The meetings the query's -exclusions (domain/search-exclusions.ts) leave out: a query of
   * their ids (excludedMeetings, or a statement's own CTE of them).
   */
  excluded?: RawBuilder<string> | undefined;
}

/**
 * The statuses as fixed SQL, not a parameter: they are constants, and a statement whose text
 * names them is prepared once per audience (prepared.ts), each with its own generic plan.
 */
const PUBLIC_STATUS_LIST = sql.join(PUBLIC_CITY_STATUSES.map((status) => sql.lit(status)));

/** The condition on `c` (cities) of what the scope's audience may see. */
export function cityVisible(scope: Scope): RawBuilder<boolean> {
  return scope.audience === 'public' ? sql<boolean>`c.status in (${PUBLIC_STATUS_LIST})` : sql<boolean>`true`;
}

/**
 * The scope as a condition on `v`. The city is looked up inside each statement rather than
 * before them, which saves a statement; an unknown key, or a city the audience may not see,
 * simply matches nothing. For the public over all cities the visible cities are a handful of
 * ids read once per statement (a hashed subplan), a filter beside whatever index the
 * statement walks. The meetings the query excludes are out of scope the same way, so the
 * sample, the walk after it (which skips the sampled meetings), the index and relevance all
 * see the same meetings.
 */
export function inScope(scope: Scope): RawBuilder<boolean> {
  const city = cityScope(scope);
  return scope.excluded ? sql<boolean>`${city} and v.id not in (${scope.excluded})` : city;
}

function cityScope(scope: Scope): RawBuilder<boolean> {
  if (scope.cityKey) return sql<boolean>`v.city_id = (select c.id from cities c where c.location_key = ${scope.cityKey} and ${cityVisible(scope)})`;
  return scope.audience === 'public' ? sql<boolean>`v.city_id = any(array(select c.id from cities c where ${cityVisible(scope)}))` : sql<boolean>`true`;
}

/**
 * The meetings that say what `exclusion` matches (meeting_words, migration 0020) or have it in
 * their title or description: index reads, once per statement (a hashed subplan), so every
 * statement can leave them out as part of its scope. A meeting's words have no positions, so
 * for a phrase they only say that all its words are there somewhere: its segments confirm it.
 * None when `exclusion` is null (only stop words were excluded).
 */
export function excludedMeetings(exclusion: Tsquery): RawBuilder<string> {
  return sql<string>`
    select w.city_video_id from meeting_words w
    where w.words @@ regexp_replace(${exclusion}::text, '<(-|[0-9]+)>', '&', 'g')::tsquery
      and (strpos(${exclusion}::text, '<') = 0
        or exists (select 1 from transcript_segments s where s.city_video_id = w.city_video_id and s.tsv @@ ${exclusion}))
    union all
    select x.id from city_videos x where ${writtenWords('x')} @@ ${exclusion}`;
}

/** The words of a meeting's title and description, as indexed by migration 0020 (the expression must stay the same). */
function writtenWords(alias: string): RawBuilder<unknown> {
  return sql`to_tsvector('english', coalesce(${sql.ref(`${alias}.title`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.description`)}, ''))`;
}

/** Newest first; the id breaks ties so pages are stable (mirrored by compareByDate). */
export const BY_DATE = sql`v.published_at desc nulls last, v.id`;

/** A list of our ids as one array parameter (they come from the database: uuids only). */
export function uuidArray(ids: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`${`{${ids.join(',')}}`}::uuid[]`;
}

/** LIKE pattern for "contains `text`": %, _ and \ in the text match only themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The spec's case-insensitive "contains `text`" as a pattern for LIKE on the lowered title
 * and description (migration 0012), lowered by PostgreSQL as ILIKE would lower it. A
 * statement computes it once (a CTE column or an InitPlan), never per row.
 */
export function loweredPattern(text: string): RawBuilder<string> {
  return sql<string>`lower(${containsPattern(text)})`;
}
