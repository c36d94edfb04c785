import type { Decision, DecisionOutcome, Tally, VoteKind } from '@domain/decisions.js';
import type { DecisionEdit } from '@domain/newsroom.js';
import { countProblem, type DecisionForm } from '@domain/decision-form.js';

export type { DecisionForm };

export const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  passed: 'Passed',
  failed: 'Failed',
  postponed: 'Postponed',
  referred: 'Referred',
  withdrawn: 'Withdrawn',
  amended: 'Amended',
  other: 'Other action',
  unclear: 'Result unclear',
};

export const VOTE_KIND_LABELS: Record<VoteKind, string> = {
  roll_call: 'Roll call',
  voice: 'Voice vote',
  unanimous_consent: 'Unanimous consent',
};

const countText = (value: number | null | undefined) => (value == null ? '' : String(value));

export function decisionFormOf(decision: Decision): DecisionForm {
  return {
    item: decision.item ?? '',
    item_number: decision.item_number ?? '',
    outcome: decision.outcome,
    counted: decision.tally !== null,
    yes: countText(decision.tally?.yes),
    no: countText(decision.tally?.no),
    abstain: countText(decision.tally?.abstain),
    absent: countText(decision.tally?.absent),
    vote_kind: decision.vote_kind ?? '',
    correction_note: '',
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A whole number of votes (core/domain/decision-form.ts's rule); blank is null where the meeting may not have said it. */
function parseCount(text: string, label: string, required: boolean): Parsed<number | null> {
  const problem = countProblem(text, label, required);
  if (problem) return { ok: false, error: problem };
  const trimmed = text.trim();
  return { ok: true, value: trimmed ? Number(trimmed) : null };
}

function parseTally(form: DecisionForm): Parsed<Tally | null> {
  if (!form.counted) return { ok: true, value: null };
  const counts = [parseCount(form.yes, 'yes', true), parseCount(form.no, 'no', true), parseCount(form.abstain, 'abstaining', false), parseCount(form.absent, 'absent', false)];
  const failed = counts.find((count) => !count.ok);
  if (failed && !failed.ok) return failed;
  const [yes, no, abstain, absent] = counts.map((count) => (count.ok ? count.value : null));
  return { ok: true, value: { yes: yes ?? 0, no: no ?? 0, abstain: abstain ?? null, absent: absent ?? null } };
}

/** The PATCH body, or what to fix first (counts are checked here so the editor hears it at once). */
export function decisionEditOf(form: DecisionForm, index: number, version: string | undefined): Parsed<DecisionEdit> {
  const tally = parseTally(form);
  if (!tally.ok) return tally;
  const note = form.correction_note.trim();
  return {
    ok: true,
    value: {
      ...(version ? { version } : {}),
      index,
      item: form.item.trim() || null,
      item_number: form.item_number.trim() || null,
      outcome: form.outcome,
      tally: tally.value,
      vote_kind: form.vote_kind || null,
      ...(note ? { correction_note: note } : {}),
    },
  };
}
