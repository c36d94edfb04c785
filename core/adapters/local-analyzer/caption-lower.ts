/**
 * Captions in lower case ("thank you mr clark. councilor breadon, would you …"), with the odd
 * word in capitals a caption tool left behind ("the funds MAY be expended", "MR. Clark", "vice
 * PRESIDENT Of the boston city council"). Read as they come, no name is a name and a month is a
 * shout. They keep their own capitals, but the names the transcript marks (after a title, in "my
 * name is"), places the lexicon knows, months and days are capitalised, and the stray capitals of
 * ordinary words are lowered; acronyms ("ADA", "COVID", "FY22") stay in capitals.
 */
import { namesToKeep } from './caption-names.js';
import { AMBIGUOUS_ACRONYMS, endsSentence, isCommonWord, KEPT_WORDS, mapWords, NAME_TITLE, recaseWord, type WordPlace } from './caption-words.js';
import { STOPWORDS } from './text.js';

/** Ordinary speech capitalises a few words in a hundred mid-sentence (names, places); lower-case captions almost none. */
const MAX_CAPITALISED_SHARE = 0.01;
/** Enough words to tell. */
const MIN_WORDS = 500;
const SAMPLE_WORDS = 20_000;

/** Words in the middle of a sentence, as written, with the capitalised form of each one seen so. */
function midSentenceWords(texts: readonly string[], limit = Infinity): string[] {
  const words: string[] = [];
  let afterEnd = true;
  for (const text of texts) {
    for (const token of text.split(/\s+/).filter(Boolean)) {
      const word = token.replace(/^[^\p{L}]+|[^\p{L}'’]+$/gu, '');
      // "MR. Clark", "st. Anthony": a title's period ends no sentence.
      if (word && !afterEnd && !/^I(?:['’]\p{L}+)?$/u.test(word)) words.push(word);
      afterEnd = /[.?!]["'”’)]*$/.test(token) && !/^(?:mr|mrs|ms|dr|st)\.$/i.test(token);
      if (words.length >= limit) return words;
    }
  }
  return words;
}

/** True when the transcript is in lower case (its sentence starts aside). */
export function isLowerCase(texts: readonly string[]): boolean {
  const words = midSentenceWords(texts, SAMPLE_WORDS);
  if (words.length < MIN_WORDS) return false;
  const capitalised = words.filter((word) => /^\p{Lu}\p{Ll}/u.test(word)).length;
  const lower = words.filter((word) => !/\p{Lu}/u.test(word)).length;
  return capitalised / words.length < MAX_CAPITALISED_SHARE && lower / words.length > 1 - MAX_CAPITALISED_SHARE * 5;
}

/** The forms the transcript capitalises mid-sentence ("clark" -> "Clark" from "MR. Clark"). */
export function shownCapitalised(texts: readonly string[]): Map<string, string> {
  const shown = new Map<string, string>();
  for (const word of midSentenceWords(texts)) {
    const base = word.replace(/['’]s$/, '');
    if (/^\p{Lu}\p{Ll}/u.test(base) && !STOPWORDS.has(base.toLowerCase())) shown.set(base.toLowerCase(), base);
  }
  return shown;
}

/** Words no caption capitalises mid-sentence but by mistake. */
const FUNCTION_WORD = /^(?:of|and|or|the|to|in|on|at|by|for|an?)$/;

/** A word in capitals that is an ordinary word, a month or a title ("MAY", "PRESIDENT", "MR"), not an acronym. */
const isStrayCapitals = (lower: string) => KEPT_WORDS.has(lower) || NAME_TITLE.test(lower) || isCommonWord(lower);

export function recaseLowerCase(texts: readonly string[]): string[] {
  const keep = namesToKeep(texts.map((text) => text.toUpperCase()), '', shownCapitalised(texts));
  const recase = (word: string, { next, startsSentence, afterStop }: WordPlace): string => {
    const lower = word.toLowerCase();
    const capitals = word.length >= 2 && word === word.toUpperCase();
    // The captions' own capitals stay ("Clark", "Thank", "I"), but for a small word shouted mid-sentence ("PRESIDENT Of").
    if (!capitals && word !== lower) return !startsSentence && !afterStop && FUNCTION_WORD.test(lower) ? lower : word;
    if (capitals && !isStrayCapitals(lower)) return word;
    if (!capitals && AMBIGUOUS_ACRONYMS.has(lower)) return word;
    const recased = recaseWord(word, next, keep);
    return startsSentence && capitals ? recased.charAt(0).toUpperCase() + recased.slice(1) : recased;
  };
  let startsSentence = true;
  return texts.map((text) => {
    const recased = mapWords(text, recase, startsSentence);
    if (text.trim()) startsSentence = endsSentence(text);
    return recased;
  });
}
