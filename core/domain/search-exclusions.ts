/**
 * A query's -exclusions, taken out of it before anything is parsed. `-word` and `-"a phrase"`
 * remove every meeting that says them (in any transcript line) or writes them (in its title
 * or description), not just the lines that hold them: "library -budget" finds meetings about
 * the library that never mention the budget. websearch_to_tsquery would read the same query
 * as "a line with library and without budget", which any meeting with a second line passes.
 *
 * So the query is split here: what is wanted (the rest of the query, matched as before) and
 * what is excluded (one websearch query matching any excluded word or phrase, tested per
 * meeting: search/search-sql.ts saysOrWrites). A dash excludes where websearch_to_tsquery reads one
 * as "not": at the start of a term (after a space, a bracket or an operator sign), however
 * many dashes, with or without a space before the word; inside a word ("pre-budget") or a
 * quoted phrase it is only a character.
 */

export interface SplitQuery {
  /** The query without its exclusions (the query itself, untouched, when it has none). */
  wanted: string;
  /** The excluded words and "phrases" as one websearch query matching any of them; null when none. */
  excluded: string | null;
}

export function splitExclusions(q: string): SplitQuery {
  const kept: string[] = [];
  const excluded: string[] = [];
  let at = 0;
  while (at < q.length) {
    const char = q.charAt(at);
    if (char === '"') {
      const end = phraseEnd(q, at);
      kept.push(q.slice(at, end));
      at = end;
    } else if (char === '-' && startsTerm(q, at)) {
      let start = at;
      while (start < q.length && (q.charAt(start) === '-' || SPACE.test(q.charAt(start)))) start++;
      const end = q.charAt(start) === '"' ? phraseEnd(q, start) : wordEnd(q, start);
      if (end > start) excluded.push(asTerm(q.slice(start, end)));
      // A space keeps the words on either side apart.
      kept.push(' ');
      at = end;
    } else {
      kept.push(char);
      at++;
    }
  }
  if (excluded.length === 0) return { wanted: q, excluded: null };
  return { wanted: tidy(kept.join('')), excluded: excluded.join(' or ') };
}

const SPACE = /\s/;
/** What may stand before a dash that means "not" (websearch_to_tsquery skips these between terms). */
const BEFORE_TERM = /[\s(!&|)]/;

function startsTerm(q: string, at: number): boolean {
  return at === 0 || BEFORE_TERM.test(q.charAt(at - 1));
}

/** Just past the phrase opening at `at`: its closing quote, or the end of the query when it has none. */
function phraseEnd(q: string, at: number): number {
  const close = q.indexOf('"', at + 1);
  return close === -1 ? q.length : close + 1;
}

function wordEnd(q: string, at: number): number {
  let end = at;
  while (end < q.length && !SPACE.test(q.charAt(end)) && q.charAt(end) !== '"') end++;
  return end;
}

/** A phrase always closed, so that joining the terms with `or` cannot fall inside one. */
function asTerm(text: string): string {
  return text.startsWith('"') ? `"${text.replace(/"/g, '')}"` : text;
}

/**
 * The rest of the query on single spaces, without an `or` left dangling by a removed term
 * ("library or -budget"): the rest is also matched as text in titles, where it would count.
 */
function tidy(rest: string): string {
  const terms = rest.match(/"[^"]*"?|[^\s"]+/g) ?? [];
  const result: string[] = [];
  for (const term of terms) {
    const isOr = term.toLowerCase() === 'or';
    if (isOr && (result.length === 0 || result[result.length - 1]!.toLowerCase() === 'or')) continue;
    result.push(term);
  }
  if (result.length > 0 && result[result.length - 1]!.toLowerCase() === 'or') result.pop();
  return result.join(' ');
}
