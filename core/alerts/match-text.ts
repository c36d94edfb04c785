/** The texts an alert matches and shows: transcript moments and decisions, highlighted as the search page does. */
import type { Executor } from '../db/repositories/executor.js';
import { decisionStartMs } from '../domain/decisions.js';
import type { MeetingExport } from '../exports/meeting-export.js';
import { lexemesOfTree, loadHighlighter } from '../search/highlight.js';
import type { StoredMatch } from './alert-email.js';
import type { VerifiedMatch } from './matching.js';

/** A decision as one text: its item and its evidence, what a resident would search for. */
export function decisionTextsOf(meeting: MeetingExport): string[] {
  return meeting.decisions.map((decision) => [decision.item ?? '', ...decision.evidence.map((evidence) => evidence.text)].join(' … ').trim());
}

/** A verified match's moments and decisions, in time order, with the searched words marked. */
export async function describeMatches(db: Executor, match: VerifiedMatch, meeting: MeetingExport): Promise<StoredMatch[]> {
  const texts = decisionTextsOf(meeting);
  const decisions = match.decisions.flatMap((index) => {
    const decision = meeting.decisions[index];
    const text = texts[index];
    return decision && text ? [{ kind: 'decision' as const, start_ms: decisionStartMs(decision), text }] : [];
  });
  const moments = match.segments.map((segment) => ({ kind: 'moment' as const, start_ms: segment.start_ms, text: segment.text }));
  const all = [...decisions, ...moments];
  const highlight = await loadHighlighter(db, lexemesOfTree(match.queryTree), all.map((item) => item.text));
  return all.map((item) => ({ ...item, highlighted: highlight(item.text) }));
}
