import type { EntityType } from './entities.js';
import { lexiconTags } from './nlp.js';

/** One entity while it is being gathered: the name shown, and every form it was said in. */
export interface Candidate {
  name: string;
  type: EntityType;
  /** Index of the first sentence naming it (MAX_SAFE_INTEGER for a speaker never named aloud). */
  first: number;
  title: string | null;
  spoke: boolean;
  count: number;
  variants: string[];
}

const CONTEXT_WORDS = 24;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whole-word occurrences of `needle` in `haystack` (both lowercase), stopping at `limit`. */
export function countOccurrences(haystack: string, needle: string, limit = Infinity): number {
  if (!needle) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < limit; at = haystack.indexOf(needle, at + needle.length)) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    const edgeBefore = !WORD_CHAR.test(needle[0] ?? '') || !WORD_CHAR.test(before);
    const edgeAfter = !WORD_CHAR.test(needle[needle.length - 1] ?? '') || !WORD_CHAR.test(after);
    if (edgeBefore && edgeAfter) count++;
  }
  return count;
}

/** The words around the first mention: a short excerpt of the sentence. */
export function excerptAround(text: string, needle: string, maxWords = CONTEXT_WORDS): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  const at = text.toLowerCase().indexOf(needle.toLowerCase());
  const wordIndex = at < 0 ? 0 : text.slice(0, at).split(/\s+/).filter(Boolean).length;
  const from = Math.max(0, Math.min(wordIndex - Math.floor(maxWords / 3), words.length - maxWords));
  const slice = words.slice(from, from + maxWords).join(' ');
  return `${from > 0 ? '…' : ''}${slice}${from + maxWords < words.length ? '…' : ''}`;
}

function absorb(into: Candidate, from: Candidate): void {
  // One by one: a name said thousands of times in a long meeting would overflow push(...variants).
  for (const variant of from.variants) into.variants.push(variant);
  into.first = Math.min(into.first, from.first);
  into.spoke ||= from.spoke;
  into.count += from.count;
}

const isName = (c: Candidate) => c.type === 'person' || c.type === 'organization' || c.type === 'place';
const words = (c: Candidate) => c.name.split(' ');
/** The single candidate matching, or null when none or several do. */
function only<T>(list: readonly T[]): T | null {
  return list.length === 1 ? (list[0] ?? null) : null;
}

/** Letters added, dropped or changed to turn one word into the other. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const SOUND_GROUPS: Record<string, string> = { b: '1', f: '1', p: '1', v: '1', c: '2', g: '2', j: '2', k: '2', q: '2', s: '2', x: '2', z: '2', d: '3', t: '3', l: '4', m: '5', n: '5', r: '6' };

/** How a surname sounds, coarsely (Soundex): "Stair", "Starr" and "Stare" all sound S36. */
function soundKey(word: string): string {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  let key = letters.charAt(0);
  let last = SOUND_GROUPS[key] ?? '';
  for (const letter of letters.slice(1)) {
    const code = SOUND_GROUPS[letter] ?? '';
    if (code && code !== last) key += code;
    if (!/[hw]/.test(letter)) last = code;
  }
  return key;
}

/** Two spellings of one surname as a caption or speech-to-text hears it. */
function sameSurname(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x === y || x[0] !== y[0]) return false;
  const distance = editDistance(x, y);
  return distance === 1 || (distance === 2 && soundKey(x) === soundKey(y));
}

/**
 * Which spelling of a surname to keep: one the lexicon knows as a surname ("Lewis", not the first
 * name "Louis"), else one it does not know at all ("Stair"), and last a common word ("Stare"),
 * since speech-to-text turns names into familiar words, not the other way round.
 */
function surnameLikelihood(name: string): number {
  const tags = lexiconTags(name.toLowerCase());
  if (tags.includes('LastName')) return 3;
  if (tags.length === 0) return 2;
  return tags.some((tag) => /Name|Person/.test(tag)) ? 1 : 0;
}

/**
 * One surname heard in several spellings ("Gonzales" and "Gonzalez", "Herbold" and "Herboldt",
 * "Stare" and "Stair"): merged into one, so one person is not listed twice.
 * Only surnames of five letters or more with the same first letter, one letter apart, or two
 * when they sound alike.
 */
function mergeSpellings(candidates: readonly Candidate[]): Candidate[] {
  const singles = candidates
    .filter((c) => c.type === 'person' && !c.name.includes(' ') && c.name.length >= 5)
    .sort((a, b) => surnameLikelihood(b.name) - surnameLikelihood(a.name) || b.count + (b.spoke ? 2 : 0) - (a.count + (a.spoke ? 2 : 0)));
  const gone = new Set<Candidate>();
  for (const keeper of singles) {
    if (gone.has(keeper)) continue;
    for (const other of singles) {
      if (other === keeper || gone.has(other) || !sameSurname(keeper.name, other.name)) continue;
      absorb(keeper, other);
      keeper.title ??= other.title;
      gone.add(other);
    }
  }
  return candidates.filter((c) => !gone.has(c));
}

/**
 * Merges the forms of one name into its longest span:
 * 1. a single word that opens exactly one longer organisation or place ("Lincoln" ->
 *    "Lincoln Elementary", "Brightline" -> "Brightline Homes") unless it is part of a person's name;
 * 2. a single-word person into the one full name ending or starting with it ("Patel",
 *    "Ms. Patel" -> "Meera Patel", "Hannah" -> "Hannah Sato");
 * 3. keeps a remaining single-word person only with evidence that it is one: a title ("Ms.
 *    Alvarado", "Councilmember Herbold") or the clerk calling it at a roll call (`called`). A
 *    first name alone ("Tiffany", "Lynn") or a word the lexicon calls a name ("Anthony" in "St.
 *    Anthony parish") is not enough.
 */
export function mergeNames(all: readonly Candidate[], called: ReadonlySet<string> = new Set()): Candidate[] {
  const candidates = mergeSpellings(all);
  const names = candidates.filter(isName);
  const fullPeople = names.filter((c) => c.type === 'person' && c.name.includes(' '));
  const nameParts = new Set(fullPeople.flatMap(words));
  const kept = new Set(candidates);
  const byWord = (list: readonly Candidate[], pick: (parts: string[]) => string | undefined) => {
    const index = new Map<string, Candidate[]>();
    for (const c of list) {
      const key = pick(words(c)) ?? '';
      index.set(key, [...(index.get(key) ?? []), c]);
    }
    return (word: string) => index.get(word) ?? [];
  };
  const longNamesOpening = byWord(names.filter((c) => c.type !== 'person' && c.name.includes(' ')), (parts) => parts[0]);
  const peopleEnding = byWord(fullPeople, (parts) => parts[parts.length - 1]);
  const peopleOpening = byWord(fullPeople, (parts) => parts[0]);

  for (const single of names.filter((c) => !c.name.includes(' '))) {
    if (nameParts.has(single.name)) continue;
    const longer = only(longNamesOpening(single.name));
    if (longer) {
      absorb(longer, single);
      kept.delete(single);
    }
  }
  for (const single of names.filter((c) => c.type === 'person' && !c.name.includes(' ') && kept.has(c))) {
    const full = only(peopleEnding(single.name)) ?? only(peopleOpening(single.name));
    // "Councilmember Lewis", said thirty times, is not renamed after one misheard "Marvin Lewis": the rare full form joins the titled one.
    const rareFull = full !== null && !full.spoke && single.title !== null && full.count * 3 < single.count;
    if (full && !rareFull) {
      absorb(full, single);
      kept.delete(single);
      continue;
    }
    if (full && kept.has(full)) {
      absorb(single, full);
      kept.delete(full);
    }
    if (single.title) {
      single.variants.push(single.name);
      single.name = `${single.title} ${single.name}`;
    } else if (!called.has(single.name)) {
      kept.delete(single);
    }
  }
  // Names are found as maximal runs, so a name said only inside a longer one is never a candidate in the first place.
  return candidates.filter((candidate) => kept.has(candidate));
}
