/**
 * Whether a found decision names a different item than the reference decision it was paired
 * with. Conservative on purpose: a right decision counted as wrong would push the rework to
 * break what works, so only two plain signs count, and a found decision that names nothing
 * ("a vote was taken: passed") is never wrong.
 *   1. Both name numbers of the same kind (item, docket, resolution, bill) and none of the found
 *      ones is the reference's ("docket 0654" for docket 0653; "9C" for 9B).
 *   2. Otherwise, the found text shares no content word with the reference item, while both have
 *      content words of their own ("the minutes" for "St. Andrews rezoning").
 */

/** What the number counts: agenda items, dockets, bills … ("any" for a bare "number 5"). */
type Kind = 'item' | 'docket' | 'resolution' | 'ordinance' | 'bill' | 'any';

interface Id {
  kind: Kind;
  num: number;
  letter: string | null;
}

/** A list or range after a keyword: "61, 63, 65 and 74", "0655-0681", "11-K through M", "2.1-2.4". */
const ID = String.raw`\d+(?:\.\d+)?(?:-?[a-z](?![a-z]))?`;
const LIST = String.raw`${ID}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|&\s*|-|–|\s+through\s+|\s+thru\s+|\s+to\s+)(?:${ID}|[a-z](?![a-z])))*`;
const KEYWORD = String.raw`\b(agenda\s+items?|items?|dockets?|resolutions?|ordinances?|(?:council\s+)?bills?|cb|number|no\.)\s*(?:no\.|number|#)?\s*`;
const KEYED = new RegExp(`${KEYWORD}(${LIST})`, 'gi');
/** An agenda code said alone: "9A", "12-D", "4B". Not "8-0" (a tally) nor "60-day". */
const CODE = /\b(\d{1,2})-?([a-z])\b/gi;

function kindOf(keyword: string): Kind {
  const word = /(item|docket|resolution|ordinance|bill|cb)/i.exec(keyword)?.[1]?.toLowerCase();
  if (!word) return 'any';
  return word === 'cb' ? 'bill' : (word as Kind);
}

function parseId(kind: Kind, text: string, previous: Id | null): Id | null {
  const match = /^(\d+(?:\.\d+)?)?-?([a-z])?$/i.exec(text.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const num = match[1] ? Number(match[1]) : previous?.num;
  return num === undefined ? null : { kind, num, letter: match[2]?.toLowerCase() ?? null };
}

/** Every id a list names, ranges expanded ("11K through M" is 11K, 11L, 11M). */
function expand(kind: Kind, list: string): Id[] {
  const ids: Id[] = [];
  const parts = list.split(/(\s*(?:,\s*(?:and\s+)?|\s+and\s+|&\s*|\s+through\s+|\s+thru\s+|\s+to\s+|–)\s*|(?<=\d)\s*-\s*(?=\d))/i);
  for (let i = 0; i < parts.length; i += 2) {
    const id = parseId(kind, parts[i] ?? '', ids.at(-1) ?? null);
    if (!id) continue;
    const separator = parts[i - 1] ?? '';
    const from = ids.at(-1);
    if (from && /through|thru|to|–|-/i.test(separator)) ids.push(...between(from, id));
    else ids.push(id);
  }
  return ids;
}

function between(from: Id, to: Id): Id[] {
  if (from.num === to.num && from.letter && to.letter) {
    const codes = Array.from({ length: Math.max(0, to.letter.charCodeAt(0) - from.letter.charCodeAt(0)) }, (_, k) => String.fromCharCode(from.letter!.charCodeAt(0) + k + 1));
    return codes.map((letter) => ({ ...from, letter }));
  }
  // Tenths for "2.1-2.4" (Oakland's consent items), whole numbers otherwise.
  const step = Number.isInteger(from.num) && Number.isInteger(to.num) ? 1 : 0.1;
  const steps = Math.round((to.num - from.num) / step);
  if (steps <= 0 || steps > 200) return [to];
  return Array.from({ length: steps }, (_, k) => ({ kind: from.kind, num: Math.round((from.num + (k + 1) * step) * 10) / 10, letter: null }));
}

function idsIn(text: string): Id[] {
  const ids = [...text.matchAll(KEYED)].flatMap((match) => expand(kindOf(match[1] ?? ''), match[2] ?? ''));
  for (const match of text.matchAll(CODE)) ids.push({ kind: 'item', num: Number(match[1]), letter: (match[2] ?? '').toLowerCase() });
  return ids;
}

/**
 * Speech-to-text splits long numbers into groups ("resolution 3 1962"), yet "item 5 2020 budget"
 * is item 5: both readings count, so a number can only gain ways to match.
 */
export function itemIds(text: string): Id[] {
  const joined = text.replace(/(\d) (?=\d)/g, '$1');
  return joined === text ? idsIn(text) : [...idsIn(text), ...idsIn(joined)];
}

const comparable = (a: Id, b: Id): boolean => a.kind === b.kind || a.kind === 'any' || b.kind === 'any';

/**
 * A letter or decimal missing on either side is not a difference: "item 9" may be how 9A was announced.
 * Nor is a long number read short ("Bill 1" for Council Bill 119842): the reading was cut, not
 * another bill named. Item numbers are too short for that to be safe, and never get it.
 */
function sameId(a: Id, b: Id): boolean {
  const [x, y] = [String(a.num), String(b.num)];
  const cut = Math.max(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x));
  // "Item 2" holds 2.1-2.4 as "item 9" holds 9A.
  const part = Number.isInteger(a.num) !== Number.isInteger(b.num) && Math.trunc(a.num) === Math.trunc(b.num);
  return (a.num === b.num || cut || part) && (a.letter === null || b.letter === null || a.letter === b.letter);
}

/** Words that name no item: function words, numbers said as words, and vote words. */
const NOT_CONTENT = new Set(
  `the a an of to for and or in on at by with from as is are be was were that this these those it its into
  there here any all some please say said will would can have has been our your we you they them not now next so
  then what which who also just okay thank thanks yes aye ayes nay nays opposed favor chair clerk read second moved
  item items motion vote votes voted matter business agenda number no
  approve approved approval approving adopt adopted adoption pass passed passes carry carries carried accept accepted
  postpone postponed refer referred withdraw withdrawn file filed place placed
  zero one two three four five six seven eight nine ten eleven twelve`.split(/\s+/),
);

/** Content words cut to five letters, a plural s first, so "appointment" meets "appointments", "bill" "bills" and "rezoning" "rezone". */
export function contentWords(text: string): Set<string> {
  const list = text.toLowerCase().replace(/['’]/g, '').split(/[^\p{L}]+/u);
  return new Set(list.filter((w) => w.length >= 3 && !NOT_CONTENT.has(w)).map((w) => w.replace(/(?<=...)s$/, '').slice(0, 5)));
}

export function wrongItem(found: string | null, reference: string): boolean {
  if (!found?.trim()) return false;
  const [foundIds, refIds] = [itemIds(found), itemIds(reference)];
  // Numbers only tell when they count the same thing: "Bill 19841" does not contradict "agenda item 13".
  const pairs = foundIds.flatMap((a) => refIds.filter((b) => comparable(a, b)).map((b) => [a, b] as const));
  if (pairs.length > 0) return !pairs.some(([a, b]) => sameId(a, b));
  const [foundWords, refWords] = [contentWords(found), contentWords(reference)];
  if (foundWords.size === 0 || refWords.size === 0) return false;
  return ![...foundWords].some((word) => refWords.has(word));
}
