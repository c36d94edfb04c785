/**
 * The first statement of every search, which tells the others what to do: what the query
 * is (its tree: nothing to look up in transcripts when it is only stop words;
 * whether the statistics show all its words to be rare), the sample of the newest videos in
 * scope with how many of their segments match (transcript-matches.ts), the title matches
 * (spec §7), and whether the city in scope exists.
 *
 * The query's -exclusions are taken out first (domain/search-exclusions.ts): the rest is
 * what the sample, the title matches and every later statement look for, and the meetings
 * that say or write an excluded word are out of scope (search-sql.ts inScope) for all of them.
 *
 * For date order the sampled videos that match bring their best moments along: they are the
 * newest transcript matches, so nearly always shown, and their matches are read once rather
 * than once to count and again to show them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { countAndMoments, readMoments, type Moment } from './moments.js';
import { lexemesOfTree } from './highlight.js';
import { prepared } from '../db/prepared.js';
import { splitExclusions } from '../domain/search-exclusions.js';
import { BY_DATE, cityVisible, excludedMeetings, inScope, loweredPattern, probeMatch, websearchQuery, type Scope } from './search-sql.js';
import { SAMPLE_MATCH_CAP, SAMPLE_VIDEOS, shapeOf, type MatchedVideo, type Sample, type SampledVideo } from './transcript-matches.js';

export interface OpeningOptions {
  /** Title matches wanted: the page size + 1. */
  want: number;
  /** The common lexemes (word-stats.ts), or null when unknown. */
  common: readonly string[] | null;
  /** Load the matching sampled videos' moments too. */
  moments: boolean;
}

export interface Opening {
  /** The query without its exclusions (domain/search-exclusions.ts): what titles and descriptions must contain. */
  wanted: string;
  /** The query without its exclusions, parsed (websearch_to_tsquery), in text form: for tsqueryParam. */
  tsquery: string;
  /** Its exclusions parsed, in text form; null when it has none that can match (stop words only). */
  exclusion: string | null;
  sample: Sample;
  /** Videos whose title or description contains the query, newest first, at most `want`. */
  titled: MatchedVideo[];
  /** The query's lexemes (what highlighting marks). */
  lexemes: string[];
  /** When asked for: the moments of every sampled video ([] for those that do not match). */
  moments: Map<string, Moment[]>;
  /** False only when the scope names a city that does not exist. */
  cityExists: boolean;
}

interface OpeningRecord {
  kind: 'query' | 'sample' | 'title';
  tsquery: string | null;
  exclusion: string | null;
  tree: string | null;
  scope_size: string | null;
  total_size: string | null;
  rare: boolean | null;
  city_exists: boolean | null;
  id: string | null;
  published_at: Date | null;
  matches: number | null;
  segments: number | null;
  moments: Moment[] | string | null;
}

export async function openSearch(db: Executor, q: string, scope: Scope, options: OpeningOptions): Promise<Opening> {
  const { wanted, excluded } = splitExclusions(q);
  const query = sql.ref('t.query');
  // The exclusions are parsed once, in t; a query of stop words alone excludes nothing.
  const exclusion = excluded === null ? sql`null::tsquery` : sql`(select case when numnode(e) > 0 then e end from (select ${websearchQuery(excluded)} as e) x)`;
  // The scope without the excluded meetings, read once into a CTE that every part consults.
  const kept: Scope = excluded === null ? scope : { ...scope, excluded: sql<string>`select id from excluded` };
  // For date order one read of each sampled video's matches gives both its count and its moments.
  const probe = options.moments
    ? countAndMoments(query, sql.ref('v.id'), SAMPLE_MATCH_CAP)
    : sql`select count(*)::int as matches, null::json as moments from (
        select 1 from transcript_segments s where s.city_video_id = v.id and ${probeMatch(query)} limit ${SAMPLE_MATCH_CAP}
      ) m`;
  const result = await prepared(sql<OpeningRecord>`
    with ${excluded === null ? sql`` : sql`excluded (id) as materialized (${excludedMeetings(exclusion)}),`}
    t as materialized (
      select query, tree, exclusion, ${loweredPattern(wanted)} as pattern, (select count(*) from city_videos v where ${inScope(kept)}) as scope_size,
        ${scope.cityKey ? sql`(select count(*) from city_videos)` : sql`null::bigint`} as total_size,
        ${isRare(options.common)} as rare,
        ${scope.cityKey ? sql`exists (select 1 from cities c where c.location_key = ${scope.cityKey} and ${cityVisible(scope)})` : sql`true`} as city_exists
      from (select query, querytree(query) as tree, exclusion from (select ${websearchQuery(wanted)} as query, ${exclusion} as exclusion) p) parsed
    ),
    sampled as materialized (
      select v.id, v.published_at, v.titled, p.matches, p.moments,
        coalesce((select max(s.seq) + 1 from transcript_segments s where s.city_video_id = v.id), 0)::int as segments
      from t cross join lateral (
        -- Inside the LIMITed subquery the test on t stays a filter ahead of the probes.
        select v.id, v.published_at, ${containsQuery(sql.ref('t.pattern'))} as titled from city_videos v
        where ${inScope(kept)} and t.tree not in ('', 'T') and not t.rare
        order by ${BY_DATE} limit ${SAMPLE_VIDEOS}
      ) v
      cross join lateral (${probe}) p
    ),
    -- The spec's match on titles and descriptions: walking the newest when the sample shows
    -- many titles containing the query ("meeting"), else from the trigram indexes, which
    -- a generic plan cannot tell apart (it never sees the pattern). A query of exclusions
    -- alone wants every meeting that does not say or write them, newest first.
    titled as materialized (${excluded !== null && wanted === '' ? everyKept(kept, options.want) : titleMatches(kept, options.want)})
    select 'query' as kind, t.query::text as tsquery, t.exclusion::text as exclusion, t.tree, t.scope_size, t.total_size, t.rare, t.city_exists,
      null::uuid as id, null::timestamptz as published_at, null::int as matches, null::int as segments, null::json as moments
    from t
    union all
    select 'sample', null, null, null, null, null, null, null, sm.id, sm.published_at, sm.matches, sm.segments, sm.moments
    from t, sampled sm
    union all
    select 'title', null, null, null, null, null, null, null, tv.id, tv.published_at, null, null, null
    from titled tv`).execute(db);
  return readOpening(wanted, result.rows);
}

/** The spec's match on titles and descriptions (see openSearch), of meetings not excluded. */
function titleMatches(scope: Scope, want: number): RawBuilder<unknown> {
  return sql`
      select v.id, v.published_at from t cross join lateral (
        select v.id, v.published_at from city_videos v
        where ${inScope(scope)} and ${containsQuery(sql.ref('t.pattern'))}
        order by ${BY_DATE} limit ${want}
      ) v
      where (select ${TITLE_WALK_SHARE} * count(*) filter (where titled) >= count(*) and count(*) > 0 from sampled)
      union all
      (
        select v.id, v.published_at from city_videos v
        where v.id in (
            select u.id from city_videos u where u.title_lower like (select t.pattern from t)
            union
            select u.id from city_videos u where u.description_lower like (select t.pattern from t)
          )
          and ${inScope(scope)}
          and not (select ${TITLE_WALK_SHARE} * count(*) filter (where titled) >= count(*) and count(*) > 0 from sampled)
        order by ${BY_DATE} limit ${want}
      )`;
}

/** The newest meetings in scope that are not excluded, walked in date order; none when only stop words were excluded. */
function everyKept(scope: Scope, want: number): RawBuilder<unknown> {
  return sql`
      select v.id, v.published_at from city_videos v
      where (select t.exclusion is not null from t) and ${inScope(scope)}
      order by ${BY_DATE} limit ${want}`;
}

/** Titles walked newest first when at least one sampled video in this many has the query in its title or description. */
const TITLE_WALK_SHARE = 4;

/** The spec's case-insensitive match on `v`'s lowered title or description (migration 0012). */
function containsQuery(pattern: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`coalesce(v.title_lower like ${pattern} or v.description_lower like ${pattern}, false)`;
}

function readOpening(wanted: string, records: readonly OpeningRecord[]): Opening {
  const query = records.find((record) => record.kind === 'query');
  const tree = query?.tree ?? '';
  const titled: MatchedVideo[] = [];
  const videos: SampledVideo[] = [];
  const moments = new Map<string, Moment[]>();
  for (const record of records) {
    if (record.id === null) continue;
    const video = { id: record.id, published_at: record.published_at };
    if (record.kind === 'title') titled.push(video);
    if (record.kind !== 'sample') continue;
    videos.push({ ...video, matches: record.matches ?? 0, segments: record.segments ?? 0 });
    moments.set(record.id, readMoments(record.moments));
  }
  // Both parts come back in the order of their own subqueries, but union all promises none.
  titled.sort(byDate);
  videos.sort(byDate);
  const searchable = tree !== '' && tree !== 'T';
  const scopeSize = Number(query?.scope_size ?? 0);
  const sample: Sample = searchable
    ? { searchable, rare: query?.rare === true, videos, shape: shapeOf(tree), scopeSize, totalSize: Number(query?.total_size ?? scopeSize) }
    : { searchable, rare: false, videos: [], shape: 'word', scopeSize: 0, totalSize: 0 };
  return { wanted, tsquery: query?.tsquery ?? '', exclusion: query?.exclusion ?? null, sample, titled, lexemes: searchable ? lexemesOfTree(tree) : [], moments, cityExists: query?.city_exists !== false };
}

/** The SQL order `published_at desc nulls last, id` (uuids compare as their lowercase text). */
export function byDate(a: MatchedVideo, b: MatchedVideo): number {
  const at = a.published_at?.getTime();
  const bt = b.published_at?.getTime();
  if (at !== bt) {
    if (at === undefined) return 1;
    if (bt === undefined) return -1;
    return bt - at;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Whether the query's words (the lexemes of `tree`) match few segments: one uncommon word
 * is enough when all must match, every word must be uncommon when the query has an `or`.
 */
function isRare(common: readonly string[] | null): RawBuilder<boolean> {
  if (!common) return sql<boolean>`false`;
  const list = arrayLiteral(common);
  return sql<boolean>`(
    with lexemes as (
      select distinct replace(m[1], '''''', '''') as lexeme from regexp_matches(tree, '''((?:[^'']|'''')+)''', 'g') as m
    ),
    common as (select ${list}::text[] as lexemes)
    select case when position('|' in tree) > 0
      then not exists (select 1 from lexemes l, common c where l.lexeme = any(c.lexemes))
      else exists (select 1 from lexemes l, common c where l.lexeme <> all(c.lexemes)) end
  )`;
}

/** The common lexemes as one text[] literal, built once per list (hundreds of lexemes). */
const literals = new WeakMap<readonly string[], string>();

function arrayLiteral(lexemes: readonly string[]): string {
  let literal = literals.get(lexemes);
  if (literal === undefined) {
    literal = `{${lexemes.map((lexeme) => `"${lexeme.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
    literals.set(lexemes, literal);
  }
  return literal;
}
