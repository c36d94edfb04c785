/**
 * Which saved searches a newly analysed meeting matches, inverted: rather than running every
 * saved search against the meeting (one statement each: the naive loop, scripts/bench), the
 * meeting's own words (the lexemes of its transcript's tsv and of its decisions) are joined
 * with the saved searches' required terms (required-terms.ts), which selects the few that
 * could match; only those are verified, all in one statement, with the search box's own
 * matching (tsv @@ tsquery), so an alert finds exactly what the search page would.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { uuidArray } from '../search/search-sql.js';
import { ALERT_MATCHES_PER_MEETING } from '../domain/alerts.js';

export interface MeetingToMatch {
  id: string;
  city_id: string;
  analysed_at: Date;
  /** Each decision's item and evidence as one text, in the analysis's order. */
  decisionTexts: readonly string[];
}

/** Searches that could match: one of their required terms is a word of the meeting. */
async function findCandidates(db: Executor, meeting: MeetingToMatch): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with words as (
      select distinct u.lexeme from transcript_segments s cross join lateral unnest(s.tsv) u where s.city_video_id = ${meeting.id}
      union
      select u.lexeme from unnest(to_tsvector('english', ${meeting.decisionTexts.join('\n')})) u
    )
    select distinct a.id
    from words w
    join saved_search_terms t on t.lexeme = w.lexeme
    join saved_searches a on a.id = t.saved_search_id
    where not a.paused and a.created_at < ${meeting.analysed_at}
      and (cardinality(a.city_ids) = 0 or ${meeting.city_id}::uuid = any(a.city_ids))`.execute(db);
  return result.rows.map((row) => row.id);
}

export interface VerifiedMatch {
  savedSearchId: string;
  queryTree: string;
  /** Matching transcript moments in time order, at most ALERT_MATCHES_PER_MEETING. */
  segments: Array<{ start_ms: number; text: string }>;
  /** Indexes into decisionTexts of the matching decisions. */
  decisions: number[];
}

/** The candidates that really match, each with its matching moments and decisions. */
async function verifyCandidates(db: Executor, meeting: MeetingToMatch, candidateIds: readonly string[]): Promise<VerifiedMatch[]> {
  if (candidateIds.length === 0) return [];
  const ids = uuidArray(candidateIds);
  const segments = await sql<{ id: string; query_tree: string; start_ms: number; text: string }>`
    select a.id, a.query_tree, m.start_ms, m.text
    from saved_searches a
    cross join lateral (
      select s.seq, s.start_ms, s.text from transcript_segments s
      where s.city_video_id = ${meeting.id} and s.tsv @@ a.query_tree::tsquery
      order by s.seq limit ${ALERT_MATCHES_PER_MEETING}
    ) m
    where a.id = any(${ids})
    order by a.id, m.seq`.execute(db);
  const decisions =
    meeting.decisionTexts.length === 0
      ? { rows: [] }
      : await sql<{ id: string; query_tree: string; n: string }>`
          select a.id, a.query_tree, d.n
          from saved_searches a cross join unnest(${[...meeting.decisionTexts]}::text[]) with ordinality d(text, n)
          where a.id = any(${ids}) and to_tsvector('english', d.text) @@ a.query_tree::tsquery
          order by a.id, d.n`.execute(db);
  const byId = new Map<string, VerifiedMatch>();
  const entry = (id: string, queryTree: string) => {
    let match = byId.get(id);
    if (!match) byId.set(id, (match = { savedSearchId: id, queryTree, segments: [], decisions: [] }));
    return match;
  };
  for (const row of segments.rows) entry(row.id, row.query_tree).segments.push({ start_ms: row.start_ms, text: row.text });
  for (const row of decisions.rows) entry(row.id, row.query_tree).decisions.push(Number(row.n) - 1);
  return [...byId.values()];
}

/** Both steps: the saved searches a meeting matches. */
export async function matchMeeting(db: Executor, meeting: MeetingToMatch): Promise<VerifiedMatch[]> {
  return verifyCandidates(db, meeting, await findCandidates(db, meeting));
}
