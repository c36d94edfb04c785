/**
 * People a transcript without speaker labels still names: those who introduce themselves
 * ("My name is Larry Silverstein", "Yeah, Jim Hagerman, director of engineering.") and the
 * members the clerk calls at a roll call ("Yes Strauss.", "Strauss, yes"), whose surnames no
 * lexicon knows.
 */
import { lexiconTags } from './nlp.js';
import { STOPWORDS } from './text.js';

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]+`;
const FULL_NAME = String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){1,2})`;
/** Words that may open the sentence before a speaker's name: "Yeah,", "Hi,", "Good evening,". */
const OPENER = String.raw`(?:(?:yeah|yes|hi|hello|okay|good\s+(?:morning|afternoon|evening)|thank\s+you|thanks)[,.]?\s+)*`;
const ROLE_AFTER = String.raw`(?:director|manager|chief|president|chair|executive|deputy|assistant|coordinator|engineer|attorney|officer|superintendent|principal|resident|representing|with|from|of|and\s+I|I\s+(?:live|am|work|represent))`;
const INTRODUCTIONS: readonly RegExp[] = [
  new RegExp(String.raw`\bmy\s+name\s+is\s+${FULL_NAME}`, 'gu'),
  new RegExp(String.raw`\b(?:I\s+am|I['’]m|this\s+is)\s+${FULL_NAME}(?=[,.]?\s+${ROLE_AFTER}\b)`, 'gu'),
  // The speaker's name, then their role or address: "Jim Hagerman, director of engineering", "Larry Silverstein, 7808 Sheffield Drive."
  new RegExp(String.raw`^${OPENER}${FULL_NAME},\s+(?:${ROLE_AFTER}\b|\d{2,5}\s+\p{Lu})`, 'giu'),
];

function isCommon(word: string): boolean {
  const lower = word.toLowerCase();
  if (STOPWORDS.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => /Name|Person|Place|City|Organization|ProperNoun/.test(tag));
}

/** Names said in a self-introduction in this sentence. */
export function selfIntroductions(text: string): string[] {
  const names: string[] = [];
  for (const pattern of INTRODUCTIONS) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1] ?? '';
      const words = name.split(/\s+/);
      // "I'm Happy to …" or "This is Good Evening": a name has no common word in it.
      // The patterns ignore case for their cue words, so the name's own capitals are checked here.
      const proper = words.every((word) => /^\p{Lu}/u.test(word) && !/^I(?:['’]\p{L}+)?$/u.test(word));
      if (words.length >= 2 && proper && !words.some(isCommon)) names.push(name);
    }
  }
  return names;
}

const ROLL_CALL_OPENS = /\b(?:call\s+the\s+rol[le]|roll\s+call|call\s+roll)\b/i;
const ROLL_ANSWER = /^(?:yes|yeah|here|present|aye|no|nay|hi)$/i;
/** A roll call is over in a few minutes. */
const ROLL_CALL_MS = 120_000;
/** A surname heard next to an answer at this many roll-call moments is a member, not a mishearing. */
const MIN_CALLS = 2;

/**
 * Surnames the clerk calls at a roll call: capitalised words right next to an answer ("Yes
 * Strauss.", "Strauss, yes", "No Strauss") in the two minutes after "call the roll", heard at
 * two calls or more.
 */
export function rollCallNames(sentences: ReadonlyArray<{ text: string; start_ms: number }>): Set<string> {
  const heard = new Map<string, number>();
  let openedAt = -Infinity;
  for (const sentence of sentences) {
    if (ROLL_CALL_OPENS.test(sentence.text)) openedAt = sentence.start_ms;
    if (sentence.start_ms - openedAt > ROLL_CALL_MS) continue;
    const tail = sentence.text.slice(Math.max(0, sentence.text.search(ROLL_CALL_OPENS)));
    const words = tail.split(/\s+/).map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
    words.forEach((word, i) => {
      if (!/^\p{Lu}\p{Ll}+$/u.test(word) || isCommon(word) || ROLL_ANSWER.test(word)) return;
      if (ROLL_ANSWER.test(words[i - 1] ?? '') || ROLL_ANSWER.test(words[i + 1] ?? '')) heard.set(word, (heard.get(word) ?? 0) + 1);
    });
  }
  return new Set([...heard].filter(([, count]) => count >= MIN_CALLS).map(([word]) => word));
}
