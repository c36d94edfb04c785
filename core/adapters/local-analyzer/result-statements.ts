import { readTally, readVote, type VoteResult } from './votes.js';
import { namesKindOnly } from './decision-subject.js';
import type { Sentence } from './sentences.js';

/*
 * How a result is heard around its sentence: the count said just before it, a result cut in two
 * by speech-to-text, a second statement of the same vote, and the calls that start another one.
 */

/** The result sentence, and before it the sentence where the clerk said the count when the result itself has none. */
export function evidenceOf(sentences: readonly Sentence[], at: number, vote: VoteResult, said: VoteResult): number[] {
  const evidence = [at];
  if (said.tally === vote.tally || !vote.tally) return evidence;
  for (let j = at - 1; j >= Math.max(0, at - COUNT_WINDOW_SENTENCES); j--) {
    if (readTally(sentences[j]!.text)) return [j, ...evidence];
  }
  return evidence;
}

/** How far back the clerk's count may stand before the result it belongs to. */
const COUNT_WINDOW_SENTENCES = 5;
const COUNT_WINDOW_MS = 30_000;

/** The sentences just before a result, after the previous result: where the clerk says the count. */
export function countWindow(sentences: readonly Sentence[], at: number, previousVote: number): string {
  const sentence = sentences[at]!;
  const parts: string[] = [];
  for (let j = at; j > previousVote && j >= at - COUNT_WINDOW_SENTENCES; j--) {
    const before = sentences[j]!;
    if (sentence.start_ms - before.start_ms > COUNT_WINDOW_MS) break;
    parts.unshift(before.text);
  }
  return parts.join(' ');
}

/**
 * Speech-to-text may cut the result in two ("Clerk the motion." / "Carries the introduction and
 * referral calendar is amended."): a short fragment said just before is read with the sentence,
 * and only an outcome (not a count alone) is taken from the pair.
 */
export function joinedResult(sentences: readonly Sentence[], at: number): VoteResult | null {
  const sentence = sentences[at]!;
  const before = sentences[at - 1];
  if (!before || before.text.split(/\s+/).length > 4 || sentence.start_ms - before.end_ms > 3_000 || before.speaker !== sentence.speaker) return null;
  // A whole result just before ("Consent items are approved.") is its own statement, not the first half of this one.
  if (readVote(before.text)) return null;
  const joined = `${before.text.replace(/[.!?]+$/, '')} ${sentence.text.charAt(0).toLowerCase()}${sentence.text.slice(1)}`;
  const vote = readVote(joined);
  return vote?.outcome ? vote : null;
}

/** The chair putting the question: "all those in favor …", "call the roll". */
export const CALL_FOR_VOTE = /\b(?:all|those)\s+(?:those\s+)?in\s+favou?r\b|\broll\s+call\b|\bcall\s+the\s+roll\b/i;

/**
 * A call for a vote said since the last result: what follows settles another question. The clerk
 * asked to read counts too ("please read the roll"), though alone it may call an item instead.
 */
export const VOTE_CALL = new RegExp(`${CALL_FOR_VOTE.source}|\\bplease\\s+read\\b`, 'i');

export function callsAgain(sentences: readonly Sentence[], previous: number, at: number): boolean {
  for (let j = previous + 1; j <= at; j++) {
    const text = sentences[j]?.text ?? '';
    const call = VOTE_CALL.exec(text);
    // The call must come before this sentence's result, not after it ("… passes. All those in favor of the next …").
    if (call && (j < at || readVote(text.slice(0, call.index)) === null)) return true;
  }
  return false;
}

/** "… the calendar is adopted as amended. … The agenda is adopted.": two results, each naming its own matter. */
export function namesOtherMatter(before: VoteResult, after: VoteResult): boolean {
  const named = (subject: string | null) => (subject && !namesKindOnly(subject) ? subject.toLowerCase().replace(/^(?:the|this|that)\s+/, '') : null);
  const [first, second] = [named(before.subject), named(after.subject)];
  if (first !== null && second !== null) return first !== second;
  // "It passes 4-1." then "Docket 0653 will be referred …": another outcome, for a matter of its own.
  return second !== null && before.outcome !== null && after.outcome !== null && before.outcome !== after.outcome;
}
