import { z } from 'zod/mini';
import { VERIFICATION_STATUSES } from './enums.js';

/**
 * What a meeting decided (issue 23): one record per result stated in the meeting, each with the
 * verbatim sentence(s) where the result was said. The local analyzer and the model both write it;
 * verification keeps only decisions whose evidence is found in the transcript.
 */
export const DECISION_OUTCOMES = ['passed', 'failed', 'postponed', 'referred', 'withdrawn', 'amended', 'other', 'unclear'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export const VOTE_KINDS = ['roll_call', 'voice', 'unanimous_consent'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

// zod/mini, as every core/domain schema the web app loads (session.ts says why).
const count = z.number().check(z.int(), z.nonnegative());

/** The count as said; abstentions and absences are null when the meeting did not say them. */
export const tallySchema = z.object({
  yes: count,
  no: count,
  abstain: z.nullable(count),
  absent: z.nullable(count),
});
export type Tally = z.infer<typeof tallySchema>;

const decisionEvidenceSchema = z.object({
  /** Verbatim transcript text where the result is stated. */
  text: z.string().check(z.trim(), z.minLength(1)),
  /** Start of the segment the text was found in; null for an untimed transcript or before verification. */
  start_ms: z.nullable(z.number().check(z.int(), z.nonnegative())),
  verification_status: z.optional(z.enum(VERIFICATION_STATUSES)),
});
export type DecisionEvidence = z.infer<typeof decisionEvidenceSchema>;

export const decisionSchema = z.object({
  /** The matter in plain words ("the minutes of May 11", "rezoning of 410 Main Street"); null when the meeting does not tie the vote to one. */
  item: z.nullable(z.string()),
  /** As said: "Item 7A", "Resolution 31669", "CB 119825"; null when not said. */
  item_number: z.nullable(z.string()),
  /** The motion as moved, in the mover's words; null when no motion was heard. */
  motion: z.nullable(z.string()),
  outcome: z.enum(DECISION_OUTCOMES),
  tally: z.nullable(tallySchema),
  vote_kind: z.nullable(z.enum(VOTE_KINDS)),
  /** True when the result was said to be unanimous, with or without a count. */
  unanimous: z.optional(z.boolean()),
  mover: z.nullable(z.string()),
  seconder: z.nullable(z.string()),
  evidence: z.array(decisionEvidenceSchema).check(z.minLength(1)),
});
export type Decision = z.infer<typeof decisionSchema>;

/** Where a decision was stated: its first timed evidence; null when untimed. */
export function decisionStartMs(decision: Decision): number | null {
  for (const evidence of decision.evidence) if (evidence.start_ms !== null) return evidence.start_ms;
  return null;
}

/** "5-4", "5-4, 1 abstaining, 2 absent"; null without a count. */
export function formatTally(tally: Tally | null): string | null {
  if (!tally) return null;
  const extra = [
    tally.abstain ? `${tally.abstain} abstaining` : null,
    tally.absent ? `${tally.absent} absent` : null,
  ].filter((part): part is string => part !== null);
  return [`${tally.yes}-${tally.no}`, ...extra].join(', ');
}

const OUTCOME_WORDS: Record<DecisionOutcome, string> = {
  passed: 'passed',
  failed: 'failed',
  postponed: 'postponed',
  referred: 'referred',
  withdrawn: 'withdrawn',
  amended: 'amended',
  other: 'other action',
  unclear: 'result not clear',
};

/**
 * One line a reader can scan: "Item 7A, rezoning of 410 Main Street: passed 4-1" or, when the
 * vote cannot be tied to an item, "A vote at 1:23:45: passed" (the caller supplies the time).
 */
export function describeDecision(decision: Decision, at: string | null): string {
  const what = [decision.item_number, decision.item].filter((part): part is string => !!part).join(', ');
  const tally = formatTally(decision.tally);
  const result = [OUTCOME_WORDS[decision.outcome], tally ?? (decision.unanimous ? 'unanimously' : null)].filter(Boolean).join(' ');
  const subject = what || (at ? `A vote at ${at}` : 'A vote');
  return `${subject}: ${result}`;
}
