/**
 * What tells that a name is a person's: the speakers' own names (so a speaker called "Dallas" is
 * never the city), the surnames called at a roll call, and, against it, a word after an office
 * that the meeting otherwise says as an ordinary word ("Council Member Describe").
 */
import type { Candidate } from './entity-merge.js';
import type { Sentence } from './sentences.js';
import { isDiarizerLabel, type Speaker } from './speakers.js';

const OFFICE_WORD = /^(?:council|member|councilmember|councilwoman|councilman|councilor|mayor|president|commissioner|supervisor|trustee|chair|mr|mrs|ms|dr|madam)$/;

/**
 * Names that are people whatever the lexicon says: the speakers' names and each of their words
 * ("Denver Lee", "Denver", "Lee"), and surnames called at a roll call.
 */
export function knownPeople(speakers: ReadonlyMap<string, Speaker>, roster: ReadonlySet<string>): Set<string> {
  const known = new Set<string>(roster);
  for (const speaker of speakers.values()) {
    if (isDiarizerLabel(speaker.label) || !/^\p{Lu}/u.test(speaker.name)) continue;
    known.add(speaker.name);
    for (const part of speaker.name.split(' ')) known.add(part);
  }
  return known;
}

/**
 * How often each word is said in lower case, not right after an office: "describe" is an
 * ordinary word even where captions wrote "Council Member Describe", while "strauss", heard in
 * lower case after "councilmember", stays a name.
 */
export function wordCountsOutsideNames(sentences: readonly Sentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { text } of sentences) {
    let previous = '';
    for (const word of text.match(/[\p{L}'’]+/gu) ?? []) {
      if (word === word.toLowerCase() && !OFFICE_WORD.test(previous)) counts.set(word, (counts.get(word) ?? 0) + 1);
      previous = word.toLowerCase();
    }
  }
  return counts;
}

/** A one-word name after an office that the meeting says as often as an ordinary word: no one. */
export function isWordNotName(candidate: Candidate, bare: ReadonlyMap<string, number>): boolean {
  if (candidate.type !== 'person' || candidate.title === null || candidate.spoke || candidate.name.includes(' ')) return false;
  return (bare.get(candidate.name.toLowerCase()) ?? 0) >= candidate.count;
}
