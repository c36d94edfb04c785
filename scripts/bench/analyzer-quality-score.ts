/**
 * The decision numbers of the analyzer-quality bench for one meeting: found with the right
 * outcome, tallies, precision, contradicted outcomes and wrong items, with a line per decision
 * for the development report (the validation report drops them).
 */
import { wrongItem } from './analyzer-quality-items.js';
import { matchDecisions, type FoundDecision, type Match } from './analyzer-quality-match.js';
import { outcomesContradict, parseTally, referenceOutcome, sameTally } from './analyzer-quality-outcomes.js';
import type { ReferenceDecision } from './analyzer-quality-set.js';

export interface DecisionCounts {
  stated: number;
  foundRight: number;
  tallyExpected: number;
  tallyRight: number;
  /** Found decisions that claim an outcome, on meetings with a reference. */
  claimed: number;
  claimedRight: number;
  contradicted: number;
  wrongItem: number;
  /** Found decisions paired with a reference that name their item (null items are never wrong, and say less). */
  matched: number;
  named: number;
}

export const noDecisions = (): DecisionCounts => ({ stated: 0, foundRight: 0, tallyExpected: 0, tallyRight: 0, claimed: 0, claimedRight: 0, contradicted: 0, wrongItem: 0, matched: 0, named: 0 });

export function addDecisions(a: DecisionCounts, b: DecisionCounts): DecisionCounts {
  const sum = noDecisions();
  for (const key of Object.keys(sum) as Array<keyof DecisionCounts>) sum[key] = a[key] + b[key];
  return sum;
}

export interface DecisionScore {
  counts: DecisionCounts;
  /** One line per decision and problem: printed and written out for development meetings only. */
  lines: string[];
}

const PASS_WORDS = /\b(?:pass(?:es|ed)?|carrie[sd]|carry|adopted|approved|ayes\s+have\s+it|so\s+ordered)\b/i;
const FAIL_WORDS = /\b(?:fail(?:s|ed)?|defeated|denied)\b/i;

/** The transcript around the result says the opposite of the claim. */
export function transcriptContradicts(found: FoundDecision): boolean {
  if (found.outcome === 'failed') return PASS_WORDS.test(found.evidence) && !FAIL_WORDS.test(found.evidence);
  if (found.outcome === 'passed') return FAIL_WORDS.test(found.evidence) && !PASS_WORDS.test(found.evidence);
  return false;
}

export function referenceContradicts(match: Match): boolean {
  return match.found !== null && outcomesContradict(match.found.outcome, referenceOutcome(match.reference.action));
}

export interface ScoreOptions {
  /** Tallies the reference took from the Google transcript are not expected from the captions, which never say them. */
  gsrTalliesExpected: boolean;
}

/** `reference` is null for a meeting without one: only the transcript can contradict its outcomes. */
export function scoreDecisions(reference: readonly ReferenceDecision[] | null, found: readonly FoundDecision[], options: ScoreOptions): DecisionScore {
  const counts = noDecisions();
  const lines: string[] = [];
  for (const d of found.filter(transcriptContradicts)) {
    counts.contradicted++;
    lines.push(`  CONTRADICTED BY TRANSCRIPT at ${Math.round(d.time_s)} s: claims ${d.outcome} for "${(d.item ?? d.motion).slice(0, 80)}" / ${d.evidence.slice(0, 160)}`);
  }
  if (!reference) return { counts, lines };
  // Adjourning is not a decision a reader needs told.
  const stated = reference.filter((r) => !/adjourn/i.test(r.action));
  const matches = matchDecisions(stated, found);
  counts.stated = stated.length;
  for (const match of matches) scoreMatch(match, options, counts, lines);
  const matched = new Map(matches.filter((m) => m.found !== null).map((m) => [m.found, m.reference]));
  for (const d of found) {
    const ref = matched.get(d);
    if (d.outcome !== null) counts.claimed++;
    if (ref && d.outcome !== null && d.outcome === referenceOutcome(ref.action)) counts.claimedRight++;
    if (!ref) lines.push(`  extra at ${Math.round(d.time_s)} s (${d.outcome ?? 'no outcome'} ${d.tally ?? ''}): ${(d.item ?? d.motion).slice(0, 90)} / ${d.evidence.slice(0, 120)}`);
  }
  return { counts, lines };
}

function scoreMatch(match: Match, options: ScoreOptions, counts: DecisionCounts, lines: string[]): void {
  const { reference: ref, found } = match;
  const outcome = referenceOutcome(ref.action);
  const tallyHere = parseTally(ref.tally) !== null && (options.gsrTalliesExpected || ref.tally_from !== 'gsr');
  if (tallyHere) counts.tallyExpected++;
  if (found && tallyHere && sameTally(found.tally, ref.tally)) counts.tallyRight++;
  if (found && found.outcome === outcome) counts.foundRight++;
  const mark = !found ? 'MISSED' : `${found.outcome === outcome ? 'found' : 'WRONG OUTCOME'} at ${Math.round(found.time_s)} s (${found.outcome ?? 'no outcome'}${found.tally ? ` ${found.tally}` : ''})`;
  lines.push(`  ref ${ref.approx_time_s}s ${ref.action} [${outcome}] ${ref.tally ?? ''}: ${ref.item.slice(0, 70)} -> ${mark}`);
  if (referenceContradicts(match)) {
    counts.contradicted++;
    lines.push(`    CONTRADICTED BY REFERENCE: was ${ref.action}; claimed ${found?.outcome}`);
  }
  if (found) counts.matched++;
  if (found?.item) counts.named++;
  if (found && wrongItem(found.item, ref.item)) {
    counts.wrongItem++;
    lines.push(`    WRONG ITEM: reported as "${(found.item ?? '').slice(0, 100)}"`);
  }
}
