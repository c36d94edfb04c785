/**
 * Broadcast captions often come in capitals ("COUNCILMEMBER HERBOLD, YOU'RE RECOGNIZED."). The
 * analyzer reads and the story shows them in sentence case: every word lower case except a
 * sentence's first, "I", the names the transcript itself marks as names (after an office or
 * courtesy title, in "my name is …", in the meeting's title), places the lexicon knows, and a
 * short civic list (days, months, acronyms). Quotes keep their words; only the capitals change,
 * and quote verification ignores case.
 */
import { isLowerCase, recaseLowerCase, shownCapitalised } from './caption-lower.js';
import { namesToKeep } from './caption-names.js';
import { endsSentence, isCommonWord, mapWords, recaseWord } from './caption-words.js';

/** Most letters in capitals: the transcript is caption capitals, not speech with a few acronyms. */
const CAPS_SHARE = 0.8;
const SAMPLE_LETTERS = 20_000;

/** True when the segments are written in capitals. */
export function isAllCaps(texts: readonly string[]): boolean {
  let upper = 0;
  let letters = 0;
  for (const text of texts) {
    for (const char of text) {
      if (!/\p{L}/u.test(char)) continue;
      letters++;
      if (char !== char.toLowerCase()) upper++;
    }
    if (letters >= SAMPLE_LETTERS) break;
  }
  return letters > 0 && upper / letters >= CAPS_SHARE;
}

/**
 * One text in sentence case: lower case but for sentence starts, "I", kept names and the civic
 * list. `startsSentence` is false for a caption line that continues the previous one.
 */
export function sentenceCase(text: string, keep: ReadonlyMap<string, string>, startsSentence = true): string {
  return mapWords(
    text,
    (word, { next, startsSentence: first }) => {
      const recased = recaseWord(word, next, keep);
      return first ? recased.charAt(0).toUpperCase() + recased.slice(1) : recased;
    },
    startsSentence,
  );
}

/**
 * Segments' texts in sentence case when the transcript is in capitals, with its names and
 * stray capitals mended when it is in lower case (caption-lower.ts); unchanged otherwise.
 */
export function recaseCaptions(texts: readonly string[], title?: string): string[] {
  if (!isAllCaps(texts)) return isLowerCase(texts) ? recaseLowerCase(texts) : [...texts];
  // A word the captions write in mixed case somewhere ("MR. Clark") is shown so everywhere.
  const shown = shownCapitalised(texts);
  const keep = namesToKeep(texts, title, shown);
  for (const [lower, form] of shown) if (!keep.has(lower) && !isCommonWord(lower)) keep.set(lower, form);
  let startsSentence = true;
  return texts.map((text) => {
    const recased = sentenceCase(text, keep, startsSentence);
    if (text.trim()) startsSentence = endsSentence(text);
    return recased;
  });
}
