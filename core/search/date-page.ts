/**
 * The page of a date-ordered search in one statement: the transcript matches past what the
 * opening statement found (walking on, or from the index), merged with the videos already
 * known to match (the sample's and the title matches), newest first, each with its row and,
 * unless known already, its best moments.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { momentsJson, readMoments, type Moment } from './moments.js';
import { prepared } from '../db/prepared.js';
import { BY_DATE, uuidArray, type Scope, type Tsquery } from './search-sql.js';
import { indexedSegments, indexedVideos, walkQuery, type MatchedVideo } from './transcript-matches.js';
import { RESULT_COLUMNS, toResultRow, type ResultRecord, type ResultRow } from './video-rows.js';

/** Where the transcript matches not known yet come from. */
export type PageSource =
  | { kind: 'none' }
  /** Walk on past the first `skip` videos until `need` more match. */
  | { kind: 'walk'; skip: number; need: number }
  /** Read them from the index (all of them: the known ones come again). */
  | { kind: 'index' };

export interface DatePageRequest {
  query: Tsquery;
  scope: Scope;
  source: PageSource;
  /** Videos known to match already, in any order. */
  known: readonly MatchedVideo[];
  /** Moments known already (the sample's), by video: not read again. */
  knownMoments: ReadonlyMap<string, Moment[]>;
  /** Load the moments of the shown videos (false: the query has no words to look for). */
  moments: boolean;
  /** Rows wanted (page size + 1: the last only says there are more), and the page size. */
  want: number;
  limit: number;
}

export interface DatePage {
  /** Newest first, up to `want`. */
  rows: ResultRow[];
  /** The index held more matching segments than it may read: ask again with a walk. */
  overflow: boolean;
}

interface PageRecord extends ResultRecord {
  overflow: boolean;
  n: string | null;
  moments: Moment[] | string | null;
}

export async function loadDatePage(db: Executor, request: DatePageRequest): Promise<DatePage> {
  const { query, known, knownMoments, want, limit } = request;
  const shownMoments = request.moments
    ? sql`case when p.n <= ${limit} and not (p.id = any(${uuidArray([...knownMoments.keys()])})) then ${momentsJson(query, sql.ref('p.id'))} end`
    : sql`null::json`;
  const result = await prepared(sql<PageRecord>`
    with ${found(request)},
    page as materialized (
      select v.id, row_number() over (order by ${BY_DATE}) as n
      from (
        select v.id, v.published_at from city_videos v
        where v.id in (select f.id from found f union all select unnest(${uuidArray(known.map((v) => v.id))}))
        order by ${BY_DATE}
        limit ${want}
      ) v
    )
    select o.overflow, p.n, ${RESULT_COLUMNS}, ${shownMoments} as moments
    from overflow o
    left join (page p join city_videos v on v.id = p.id left join cities c on c.id = v.city_id) on true
    order by p.n`).execute(db);
  const overflow = result.rows[0]?.overflow === true;
  const rows = result.rows.flatMap(({ overflow: _overflow, n, moments, ...record }): ResultRow[] => {
    if (n === null) return [];
    return [{ ...toResultRow(record), moments: moments === null ? (knownMoments.get(record.id) ?? []) : readMoments(moments) }];
  });
  return { rows, overflow };
}

/** The CTEs `found` (the transcript matches to add) and `overflow`. */
function found({ query, scope, source, want }: DatePageRequest): RawBuilder<unknown> {
  switch (source.kind) {
    case 'none':
      return sql`found as (select null::uuid as id, null::timestamptz as published_at where false), overflow as (select false as overflow)`;
    case 'walk':
      return sql`found as materialized (${walkQuery(query, scope, source.skip, source.need)}), overflow as (select false as overflow)`;
    case 'index':
      return sql`${indexedSegments(query)}, found as materialized (${indexedVideos(scope, want)})`;
  }
}
