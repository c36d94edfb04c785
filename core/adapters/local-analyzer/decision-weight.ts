/**
 * How much a decision matters, and so which one a story leads with: named ordinances, money,
 * split votes and public hearings weigh more than housekeeping (decisions.ts finds them).
 */
import type { AgendaItem } from './agenda.js';
import type { Decision } from './decisions.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { isSplit } from './votes.js';

export function publicSpeakers(item: AgendaItem | null, sentences: readonly Sentence[], speakers: ReadonlyMap<string, Speaker>): number {
  if (!item || item.kind !== 'business') return 0;
  const labels = new Set<string>();
  for (let i = item.from; i < item.to; i++) {
    const label = sentences[i]?.speaker;
    if (label && speakers.get(label)?.role === 'public') labels.add(label);
  }
  return labels.size;
}

/** Substance first: named ordinances, money and contracts, split votes, public hearings; housekeeping last. */
export function weigh(decision: Decision, speakersInItem: number, longest: AgendaItem | null): number {
  if (decision.procedural || (!decision.action && !decision.subject)) return -5;
  // The item's whole reading counts: a label cut for display may drop "… which adopted the 2020 budget".
  const text = `${decision.subject ?? ''} ${decision.action ?? ''} ${decision.item?.title ?? ''}`;
  let weight = 1;
  if (/\b(?:ordinance|resolution|council\s+bill)\b/i.test(text)) weight += 3;
  if (/\$|\b(?:contract|agreement|budget|bonds?|fees?|rates?|tax(?:es)?|levy|grant|purchase|lease)\b/i.test(text)) weight += 2;
  if (/\bmillion\b|\bbillion\b/i.test(text)) weight += 1;
  if (/\b(?:zoning|rezon\w*|plan|program|policy|hours|schedule|election|ban|cap)\b/i.test(text)) weight += 1;
  if (isSplit(decision.vote)) weight += 2;
  if (decision.vote?.outcome === 'failed') weight += 2;
  // Sent to a committee, filed or withdrawn: nothing was decided yet.
  if (decision.vote?.outcome === 'referred' || decision.vote?.outcome === 'filed' || decision.vote?.outcome === 'withdrawn') weight -= 3;
  if (!decision.vote) weight -= 2;
  if (decision.vote && !decision.vote.outcome) weight -= 3;
  if (/^(?:direct|ask|instruct|request)\b/i.test(text)) weight -= 2;
  // An amendment changes the bill; the bill's own passage is the decision to lead with.
  if (/^(?:(?:adopt|approve)\s+(?:an?\s+)?)?(?:version\s+\d+\s+of\s+)?amendment\b|^amend\b/i.test(`${decision.action ?? decision.subject ?? ''}`.trim())) weight -= 2;
  // A resolution honouring someone decides no policy, however long the tributes.
  if (/\b(?:honou?ring|in\s+memory\s+of|the\s+memory\s+of|commending|congratulating|proclaiming|condolences)\b/i.test(text)) weight -= 3;
  if (decision.item?.hearing) weight += 1;
  if (speakersInItem > 0) weight += 1;
  if (longest && decision.item === longest) weight += 1;
  return weight;
}

/** The business item the meeting spent the most sentences on: where its main decision usually is. */
export function longestItem(items: readonly AgendaItem[]): AgendaItem | null {
  let best: AgendaItem | null = null;
  for (const item of items) if (item.kind === 'business' && (item.number || item.title) && (!best || item.to - item.from > best.to - best.from)) best = item;
  return best;
}

const MAX_MATTER_WORDS = 30;

/** "adopt Resolution 2026-09, establishing water rates …" does; "pass the bill" and "approve it" do not. */
export function namesItsMatter(action: string): boolean {
  const words = action.split(/\s+/).filter((word) => !/^(?:the|this|that|it|a|an|to|and|as|be|is)$/i.test(word));
  // Forty words of captions after "I move" are the rest of the speech, not the matter.
  if (words.length > MAX_MATTER_WORDS) return false;
  return words.length >= 5 || (words.length >= 2 && /\d/.test(action));
}

/** "Docket 0688", "Item 4A": a number tells a reader nothing to lead with. */
const NUMBER_ONLY = /^(?:the\s+)?(?:docket|item|resolution|ordinance|(?:council\s+)?bill|cb)\s+(?:number\s+)?[\w-]+$/i;

/** The decision a story should lead with: the weightiest non-procedural one, the earliest on a tie. */
export function mainDecision(decisions: readonly Decision[]): Decision | null {
  let best: Decision | null = null;
  for (const decision of decisions) {
    if (decision.procedural || !decision.subject || !decision.vote?.outcome) continue;
    if (NUMBER_ONLY.test(decision.subject.trim()) && !(decision.action && namesItsMatter(decision.action))) continue;
    if (!best || decision.weight > best.weight) best = decision;
  }
  return best;
}
