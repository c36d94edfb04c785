/**
 * The words of a reference (`action`, `tally`) and of the analyzer (VoteResult) brought to one
 * vocabulary, so "found with the right outcome" and "tally right" mean the same on every meeting.
 */
import type { Outcome as AnalyzerOutcome } from '../../core/adapters/local-analyzer/votes.js';

export type Outcome = 'passed' | 'failed' | 'postponed' | 'referred' | 'withdrawn' | 'amended' | 'other' | 'unclear';

/**
 * A reference action in the outcome vocabulary. The first rule that applies wins, so a motion's
 * fate is read before the verb that carried it: "postponed (to 7/17/2018)" is postponed although a
 * motion to postpone passed. "As amended" and "substitute adopted" are passed: the question was
 * decided, the amendment is how; only an action that is an amendment alone ("amended") is
 * amended. "Placed on file", "held/remain in committee" and "no action" decide nothing for or
 * against and are other; "signed (approved without objection)" is the minutes passing.
 */
const REFERENCE_RULES: ReadonlyArray<[RegExp, Outcome]> = [
  [/\b(?:fail|defeat|denied|reject)/i, 'failed'],
  [/\bwithdraw/i, 'withdrawn'],
  [/\brefer/i, 'referred'],
  [/\b(?:postpone|defer|continue|table|extend)/i, 'postponed'],
  [/\b(?:on\s+file|in\s+committee|no\s+action|filed)\b/i, 'other'],
  [/^\s*amended\b/i, 'amended'],
  [/\b(?:approv|adopt|pass|carri|sign|confirm|accept)/i, 'passed'],
];

export function referenceOutcome(action: string): Outcome {
  return REFERENCE_RULES.find(([pattern]) => pattern.test(action))?.[1] ?? 'unclear';
}

/** The analyzer says "continued" for postponed and tabled, "filed" for received and filed (no decision for or against). */
const FROM_ANALYZER: Record<AnalyzerOutcome, Outcome> = { passed: 'passed', failed: 'failed', continued: 'postponed', referred: 'referred', withdrawn: 'withdrawn', filed: 'other' };

export function analyzerOutcome(outcome: AnalyzerOutcome | null | undefined): Outcome | null {
  return outcome ? FROM_ANALYZER[outcome] : null;
}

/** The reference's outcome and the claimed one cannot both be true. */
export function outcomesContradict(claimed: Outcome | null, actual: Outcome): boolean {
  if (claimed === null || actual === 'other' || actual === 'unclear') return false;
  if (claimed === 'failed' || actual === 'failed') return claimed !== actual;
  // A motion to postpone, refer or withdraw passes, so "passed" is never the opposite of those; "postponed" is of "passed".
  return claimed === 'postponed' && actual === 'passed';
}

export interface Tally {
  yes: number;
  no: number;
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, none: 0, nothing: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};
const COUNT = String.raw`(\d{1,2}|zero|none|nothing|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const DASHED = new RegExp(String.raw`^\s*${COUNT}\s*(?:-|–|to)\s*${COUNT}\b`, 'i');
const AYES = new RegExp(String.raw`\b${COUNT}\s+(?:ayes?|yes(?:es)?|yeas?|in\s+favou?r)\b(?:[,;]?\s*(?:and\s+)?${COUNT}\s+(?:nays?|noes|no|opposed|against)\b)?`, 'i');

function count(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN);
}

/**
 * The yes-no count a tally states: "9-0", "8-0-1" (the abstention is not compared: the analyzer
 * reports yes-no), "6-0 (6 ayes, 2 excused)", "roll call (8 yes)" (no noes said: none), "seven to
 * one". Voice votes, "unanimous", "no objection" and "roll call (all yes)" are kinds of vote, not
 * counts: null. A reference that says two counts ("7-0 announced, then an 8th 'yes'") is read by
 * its first, the one announced.
 */
export function parseTally(tally: string | null): Tally | null {
  if (!tally) return null;
  const dashed = DASHED.exec(tally);
  const ayes = dashed ? null : AYES.exec(tally);
  const [yes, no] = dashed ? [dashed[1], dashed[2]] : ayes ? [ayes[1], ayes[2] ?? '0'] : [];
  if (yes === undefined || no === undefined) return null;
  const parsed = { yes: count(yes), no: count(no) };
  return Number.isNaN(parsed.yes) || Number.isNaN(parsed.no) ? null : parsed;
}

export function sameTally(a: string | null, b: string | null): boolean {
  const [x, y] = [parseTally(a), parseTally(b)];
  return x !== null && y !== null && x.yes === y.yes && x.no === y.no;
}
