import type { EntityType } from './entities.js';

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

/**
 * Merges the forms of one name into its longest span:
 * 1. a single word that opens exactly one longer organisation or place ("Lincoln" ->
 *    "Lincoln Elementary", "Brightline" -> "Brightline Homes") unless it is part of a person's name;
 * 2. a single-word person into the one full name ending or starting with it ("Patel",
 *    "Ms. Patel" -> "Meera Patel", "Hannah" -> "Hannah Sato");
 * 3. keeps a remaining single-word person only with a title ("Ms. Alvarado", "Councilmember
 *    Herbold"), or when no speaker list says who was there and the name recurs.
 */
export function mergeNames(candidates: readonly Candidate[], rosterKnown: boolean): Candidate[] {
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
    if (full) {
      absorb(full, single);
      kept.delete(single);
    } else if (single.title && !single.spoke) {
      single.variants.push(single.name);
      single.name = `${single.title} ${single.name}`;
    } else if (rosterKnown || single.count < 2) {
      kept.delete(single);
    }
  }
  // Names are found as maximal runs, so a name said only inside a longer one is never a candidate in the first place.
  return candidates.filter((candidate) => kept.has(candidate));
}
