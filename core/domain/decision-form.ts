import { z } from 'zod/mini';
import { DECISION_OUTCOMES, VOTE_KINDS } from './decisions.js';

/**
 * The newsroom's decision form as its inputs hold it (counts as typed), and the rules it is
 * held to before it becomes a PATCH body (newsroom.ts decisionEditSchema, which the server
 * parses): a count, when the meeting gave one, is whole votes; yes and no must be said. Each
 * problem is reported under its count's field.
 */
export const DECISION_COUNTS = [
  ['yes', 'yes', true],
  ['no', 'no', true],
  ['abstain', 'abstaining', false],
  ['absent', 'absent', false],
] as const;

/** What is wrong with a typed count, or null; blank is fine where the meeting may not have said it. */
export function countProblem(text: string, label: string, required: boolean): string | null {
  const trimmed = text.trim();
  if (!trimmed) return required ? `Give the number of ${label} votes, or choose no count.` : null;
  return /^\d+$/.test(trimmed) ? null : `The number of ${label} votes must be a whole number.`;
}

export const decisionFormSchema = z
  .object({
    item: z.string(),
    item_number: z.string(),
    outcome: z.enum(DECISION_OUTCOMES),
    /** False: the meeting gave no count. */
    counted: z.boolean(),
    yes: z.string(),
    no: z.string(),
    abstain: z.string(),
    absent: z.string(),
    /** '' for none. */
    vote_kind: z.union([z.enum(VOTE_KINDS), z.literal('')]),
    correction_note: z.string(),
  })
  .check(
    z.superRefine((form, context) => {
      if (!form.counted) return;
      for (const [field, label, required] of DECISION_COUNTS) {
        const message = countProblem(form[field], label, required);
        if (message) context.issues.push({ code: 'custom', message, path: [field], input: form[field] });
      }
    }),
  );
export type DecisionForm = z.infer<typeof decisionFormSchema>;
