import { decisionStartMs, describeDecision, type Decision } from '../../core/domain/decisions.js';
import { QUOTE_MARKS } from './story-text.js';
import { formatClock } from './table.js';

/**
 * What a meeting decided, as terminal lines (civic analyze --file, civic video show): each
 * decision in meeting order with its moment, who moved and seconded it, and the sentence(s)
 * where the result was said, so a reader can check the claim against the meeting.
 *
 * `decisions` is undefined for an analysis written before decisions were recorded: that is
 * said as such, never as "none found", since nobody looked.
 */
export function describeDecisions(decisions: readonly Decision[] | undefined): string[] {
  if (!decisions) return ['', 'Decisions: not recorded by the analyzer that wrote this analysis'];
  if (decisions.length === 0) return ['', 'Decisions (0)', '  none found in the transcript'];
  return ['', `Decisions (${decisions.length})`, ...inMeetingOrder(decisions).flatMap(describeOne)];
}

// Timed decisions by their second; untimed ones (an untimed transcript) keep the analyzer's
// order, which follows the transcript, after any timed ones.
function inMeetingOrder(decisions: readonly Decision[]): Decision[] {
  return [...decisions].sort((a, b) => compareStarts(decisionStartMs(a), decisionStartMs(b)));
}

function compareStarts(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a - b;
}

function describeOne(decision: Decision): string[] {
  const ms = decisionStartMs(decision);
  // The time leads the line as it does for highlights, so it is not said again inside it:
  // an untied vote reads "[1:23:45] A vote: passed", not "[1:23:45] A vote at 1:23:45: …".
  const lines = [`  ${ms === null ? '' : `[${formatClock(ms)}] `}${describeDecision(decision, null)}`];
  const who = describeMoverAndSeconder(decision);
  if (who) lines.push(`      ${who}`);
  for (const said of decision.evidence) {
    const mark = said.verification_status ? QUOTE_MARKS[said.verification_status] : 'not checked';
    const at = said.start_ms !== null && said.start_ms !== ms ? ` at ${formatClock(said.start_ms)}` : '';
    lines.push(`      “${said.text}”  ${mark}${at}`);
  }
  return lines;
}

/** "moved by Ortiz, seconded by Chen", either half alone, or null when neither was heard. */
function describeMoverAndSeconder(decision: Pick<Decision, 'mover' | 'seconder'>): string | null {
  const parts = [decision.mover ? `moved by ${decision.mover}` : null, decision.seconder ? `seconded by ${decision.seconder}` : null];
  const said = parts.filter((part): part is string => part !== null);
  return said.length > 0 ? said.join(', ') : null;
}
