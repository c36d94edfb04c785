/**
 * What the bench prints about decisions, per set. The validation set is reported by its totals
 * alone: a line per decision or a list of misses there would be read, and rules written against
 * it, and then it would measure nothing (see VALIDATION in analyzer-quality-set.ts).
 */
import type { MeetingSet } from './analyzer-quality-set.js';
import { addDecisions, noDecisions, type DecisionCounts, type DecisionScore } from './analyzer-quality-score.js';

export function pct(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${Math.round((100 * part) / whole)}%`;
}

export function decisionTotals(set: MeetingSet, c: DecisionCounts): string {
  return `${set}: found-right ${c.foundRight}/${c.stated} (${pct(c.foundRight, c.stated)}), tallies ${c.tallyRight}/${c.tallyExpected}, precision ${c.claimedRight}/${c.claimed}, contradicted ${c.contradicted}, wrong item ${c.wrongItem}, item named ${c.named}/${c.matched}`;
}

export interface ScoredMeeting {
  file: string;
  score: DecisionScore;
}

/** The set's lines: for development each meeting's numbers and decisions, then the total; for validation the total only. */
export function reportDecisions(set: MeetingSet, meetings: readonly ScoredMeeting[]): { lines: string[]; total: DecisionCounts } {
  const total = meetings.reduce((sum, m) => addDecisions(sum, m.score.counts), noDecisions());
  if (set === 'validation') return { lines: [decisionTotals(set, total)], total };
  const lines = meetings.flatMap((m) => [`${m.file}: ${decisionTotals(set, m.score.counts).replace(/^\w+: /, '')}`, ...m.score.lines]);
  return { lines: [...lines, decisionTotals(set, total)], total };
}

const share = (part: number, whole: number): number => (whole === 0 ? 1 : part / whole);

export interface Target {
  name: string;
  met: boolean;
  /** A missed gating target fails the bench; the rest are shown to read. */
  gating: boolean;
}

/** The targets: percentages count on validation; no contradicted outcome and no wrong item anywhere. */
export function decisionTargets(development: DecisionCounts, validation: DecisionCounts): Target[] {
  const both = addDecisions(development, validation);
  const rates = (set: MeetingSet, c: DecisionCounts, gating: boolean): Target[] => [
    { name: `>= 70% of stated decisions found with the right outcome (${set})`, met: share(c.foundRight, c.stated) >= 0.7, gating },
    { name: `>= 80% of their tallies (${set})`, met: share(c.tallyRight, c.tallyExpected) >= 0.8, gating },
    { name: `>= 90% precision of reported outcomes (${set})`, met: share(c.claimedRight, c.claimed) >= 0.9, gating },
  ];
  return [
    ...rates('validation', validation, true),
    { name: '0 outcomes the transcript or reference contradicts (both sets)', met: both.contradicted === 0, gating: true },
    { name: '0 decisions attributed to the wrong item (both sets)', met: both.wrongItem === 0, gating: true },
    ...rates('development', development, false),
  ];
}

export function targetLine(target: Target): string {
  return `  ${target.met ? 'met   ' : 'MISSED'} ${target.name}${target.gating ? '' : ' — shown, not gating'}`;
}
