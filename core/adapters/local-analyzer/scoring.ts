import type { Sentence } from './sentences.js';
import { contentTokens, countWords } from './text.js';

export type Cue = 'decision' | 'direction' | 'money' | 'date' | 'number' | 'agenda' | 'procedural' | 'housekeeping';

export interface ScoredSentence extends Sentence {
  score: number;
  words: number;
  tokens: string[];
  cues: ReadonlySet<Cue>;
}

const CUE_PATTERNS: ReadonlyArray<[Cue, RegExp]> = [
  ['decision', /\b(?:motion|i move|moved and seconded|seconded|vote[sd]?|voting|approv(?:e|ed|al|ing)|adopt(?:ed|ion|ing)?|ordinance|resolution|amend(?:ment|ed)?|passe[sd]|carrie[sd]|ayes|nays|unanimous(?:ly)?|recommend(?:ation|ed)?|appoint(?:ment|ed)?|reappointment|contract|award(?:ed)?|council bill)\b/i],
  ['direction', /\b(?:direct(?:s|ed|ing)? (?:the )?staff|staff (?:will|to|should|is going to)|report back|come back (?:to us )?with|return with|deadline|due (?:by|on))\b/i],
  ['money', /\$\s?\d|\b(?:dollars?|million|billion|budget|funding|funds?|cost[s]?|tax(?:es)?|levy|fee[s]?|revenue|grant|bond[s]?)\b/i],
  ['date', /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|next week|next month|deadline)\b/i],
  ['number', /\b\d+(?:\.\d+)?\s?(?:%|percent)|\b\d{2,}\b/i],
  ['agenda', /\b(?:agenda item|item (?:of business|number)|on (?:the|our) agenda|first item|next item|public hearing|public comment|council bill|briefing (?:on|from))\b/i],
];

/** Talk about the meeting itself rather than its business. */
const PROCEDURAL =
  /\b(?:thank you|thanks (?:so much|everyone|for)|good (?:morning|afternoon|evening)|welcome (?:to|everyone|back)|roll call|can you (?:all )?hear me|you(?:'re| are) (?:on )?mute[d]?|unmute|next slide|(?:any|other) questions|call (?:the meeting|us) to order|pledge of allegiance|(?:is there a|i'll) second|all (?:those )?in favou?r|say aye|(?:we are|meeting is) adjourned|take a (?:short )?(?:break|recess)|present\.|here\.|go ahead)\b/i;

/**
 * Term weight: how much of the meeting a word is about. Content words (no stopwords) weigh
 * log(1 + count in the meeting), damped by an idf over sentences so a word said in nearly every
 * sentence ("council", "think") counts less than a topic that recurs ("shelter", "levy").
 */
function termWeights(tokenLists: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  const sentenceFrequency = new Map<string, number>();
  for (const tokens of tokenLists) {
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of new Set(tokens)) sentenceFrequency.set(token, (sentenceFrequency.get(token) ?? 0) + 1);
  }
  const total = Math.max(1, tokenLists.length);
  const weights = new Map<string, number>();
  for (const [token, count] of counts) {
    const idf = Math.log(1 + total / (sentenceFrequency.get(token) ?? 1));
    weights.set(token, Math.log(1 + count) * Math.min(idf, 4));
  }
  return weights;
}

/** The meeting's own housekeeping: consent calendar, minutes, roll call, call to order, adjournment. */
const HOUSEKEEPING =
  /\b(?:consent\s+(?:calendar|agenda)|the\s+minutes\s+(?:of|from)|warrant\s+(?:register|list)|roll\s+call|call\s+the\s+roll|take\s+the\s+roll|pledge\s+of\s+allegiance|flag\s+salute|quorum|adjourn(?:ed|ment)?|recess|call(?:ing|ed)?\b[^.?!]{0,90}\bto\s+order|next\s+regular(?:ly\s+scheduled)?\s+meeting|closed\s+session|changes\s+to\s+(?:tonight['’]s\s+|the\s+)?agenda|(?:approve|adopt(?:ion\s+of)?)\s+the\s+agenda|(?:open|close)s?\s+(?:the\s+)?public\s+(?:hearing|comment)|(?:no|any)\s+(?:other|further|more)\s+cards|call\s+the\s+roll|is\s+there\s+a\s+motion|any\s+further\s+discussion|(?:items?|anything)\s+not\s+on\s+(?:the|tonight['’]s)\s+agenda|(?:two-thirds|majority)\s+vote\s+of\s+the\s+(?:board|council|commission)|(?:can['’]t|cannot)\s+(?:discuss|take\s+action\s+on|act\s+on)\s+(?:items?|it|anything))\b/i;

function cuesOf(text: string): Set<Cue> {
  const cues = new Set<Cue>();
  for (const [cue, pattern] of CUE_PATTERNS) if (pattern.test(text)) cues.add(cue);
  if (PROCEDURAL.test(text)) cues.add('procedural');
  if (HOUSEKEEPING.test(text)) cues.add('housekeeping');
  return cues;
}

const CUE_BONUS: Record<Cue, number> = {
  decision: 0.45,
  direction: 0.4,
  money: 0.25,
  date: 0.15,
  number: 0.1,
  agenda: 0.3,
  procedural: -0.5,
  housekeeping: -1,
};

function lengthFactor(words: number): number {
  if (words < 6) return 0.15;
  if (words < 9) return 0.6;
  if (words > 90) return 0.4;
  if (words > 60) return 0.7;
  return 1;
}

/**
 * Scores every sentence: topical density (mean term weight of its distinct content words,
 * scaled to the best sentence), plus bonuses for decisions, directions, money, dates and agenda
 * talk, minus procedural filler, times a length factor that shuns fragments and run-ons.
 */
export function scoreSentences(sentences: readonly Sentence[]): ScoredSentence[] {
  const tokenLists = sentences.map((sentence) => contentTokens(sentence.text));
  const weights = termWeights(tokenLists);
  const density = tokenLists.map((tokens) => {
    const distinct = [...new Set(tokens)];
    const sum = distinct.reduce((total, token) => total + (weights.get(token) ?? 0), 0);
    return sum / Math.sqrt(Math.max(6, distinct.length));
  });
  // reduce, not Math.max(...density): a long meeting's sentences would overflow the call stack.
  const maxDensity = density.reduce((max, value) => Math.max(max, value), 1e-9);
  // Whether this transcript uses capitals at all (auto-captions often do not).
  const capitalised = sentences.filter((s) => /^[A-Z]/.test(s.text)).length > sentences.length / 2;
  return sentences.map((sentence, i) => {
    const words = countWords(sentence.text);
    const cues = cuesOf(sentence.text);
    let bonus = 0;
    for (const cue of cues) bonus += CUE_BONUS[cue];
    // A short "thank you" is pure filler; a long sentence that merely contains one is not.
    if (cues.has('procedural') && words > 25) bonus -= CUE_BONUS.procedural * 0.7;
    const base = (density[i] ?? 0) / maxDensity;
    // Captions cut mid-sentence start in lowercase; such fragments make poor quotes.
    const fragment = /^[a-z]/.test(sentence.text) && capitalised ? 0.8 : 1;
    const score = (base + bonus) * lengthFactor(words) * fragment;
    return { ...sentence, score, words, tokens: tokenLists[i] ?? [], cues };
  });
}
