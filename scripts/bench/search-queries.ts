/**
 * The search benchmark's fixed queries, and the naive way to answer them: ILIKE over the
 * whole transcript text of every video (what a first version would do), as the baseline.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../core/db/schema.js';

export interface BenchQuery {
  kind: string;
  q: string;
  city?: string;
}

/** Chosen from the corpus's word frequencies (at 2,000 meetings, segments matching in brackets). */
export const BENCH_QUERIES: BenchQuery[] = [
  { kind: 'rare word', q: 'Zaragoza' }, // a council member's name in one city (44)
  { kind: 'rare word', q: 'Oyelaran' }, // (37)
  { kind: 'rare word', q: 'motion' }, // (291, in 1 meeting of 7)
  { kind: 'common word', q: 'council' }, // (20,000, every meeting)
  { kind: 'common word', q: 'shelter' }, // (22,000)
  { kind: 'common word', q: 'thank' }, // (68,000)
  { kind: 'common word', q: 'yes' }, // (147,000: 15% of all segments)
  { kind: 'phrase', q: '"public comment"' }, // (1,080)
  { kind: 'phrase', q: '"navigation team"' }, // (12,800; the planner guesses 351)
  { kind: 'phrase', q: '"human services department"' }, // (873)
  { kind: 'two words', q: 'shelter referrals' }, // (3,000)
  { kind: 'two words', q: 'arena agreement' }, // (840)
  { kind: 'two words', q: 'yes thank' }, // never in one segment, both common: the worst case
  { kind: 'exclusion', q: 'shelter -navigation' },
  { kind: 'exclusion', q: 'council -budget' },
  { kind: 'or', q: 'arena or stadium' },
  { kind: 'no match', q: 'xylophone' },
  { kind: 'city-scoped', q: 'shelter', city: 'tacoma-wa' },
  { kind: 'city-scoped', q: '"public comment"', city: 'boulder-co' },
  { kind: 'city-scoped', q: 'motion', city: 'fargo-nd' },
];

/** A few relevance-sorted queries, reported apart from the 20. */
export const RELEVANCE_QUERIES: BenchQuery[] = [
  { kind: 'relevance', q: 'Zaragoza' },
  { kind: 'relevance', q: 'council' },
  { kind: 'relevance', q: '"navigation team"' },
  { kind: 'relevance', q: 'shelter referrals' },
  { kind: 'relevance', q: 'shelter', city: 'tacoma-wa' },
];

type Term = { text: string; negated: boolean };

/** websearch syntax read naively: "phrases", words, -word, and `or` between terms. */
function readTerms(q: string): (Term | 'or')[] {
  const terms: (Term | 'or')[] = [];
  for (const match of q.matchAll(/(-?)"([^"]*)"|(\S+)/g)) {
    const [, minus, phrase, word] = match;
    if (word?.toLowerCase() === 'or') terms.push('or');
    else if (phrase !== undefined) terms.push({ text: phrase, negated: minus === '-' });
    else if (word) terms.push(word.startsWith('-') ? { text: word.slice(1), negated: true } : { text: word, negated: false });
  }
  return terms;
}

function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The transcript condition: each term an ILIKE over the whole transcript; `or` joins its neighbours. */
function naiveTranscriptMatch(q: string): RawBuilder<boolean> {
  const groups: RawBuilder<boolean>[][] = [[]];
  let joinNext = false;
  for (const term of readTerms(q)) {
    if (term === 'or') {
      joinNext = true;
      continue;
    }
    const test = term.negated ? sql<boolean>`v.transcript not ilike ${contains(term.text)}` : sql<boolean>`v.transcript ilike ${contains(term.text)}`;
    const current = groups[groups.length - 1]!;
    if (joinNext && current.length > 0) {
      const previous = current.pop()!;
      current.push(sql<boolean>`(${previous} or ${test})`);
    } else {
      current.push(test);
    }
    joinNext = false;
  }
  const all = groups.flat();
  return all.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(all, sql` and `)})`;
}

/** The naive search: videos only (no hits, no highlighting), which favours it. */
export async function naiveSearch(db: Kysely<DB>, query: BenchQuery, limit: number): Promise<number> {
  const pattern = contains(query.q);
  const scope = query.city ? sql`and c.location_key = ${query.city}` : sql``;
  const result = await sql<{ id: string }>`
    select v.id, v.title, v.published_at, c.name, c.state, c.domain
    from city_videos v left join cities c on c.id = v.city_id
    where (v.title ilike ${pattern} or v.description ilike ${pattern} or ${naiveTranscriptMatch(query.q)}) ${scope}
    order by v.published_at desc nulls last, v.id
    limit ${limit}`.execute(db);
  return result.rows.length;
}
