import type { ActionItem } from '../../domain/analysis.js';
import { findDate, toIsoDay, type FoundDate } from './dates.js';
import type { Decision } from './decisions.js';
import type { MeetingBody } from './meeting.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { capitalize, contentTokens, ensureTerminalPunctuation, jaccard, truncateWords, trimFiller } from './text.js';

export const NOT_SPECIFIED = 'Not specified';
const MAX_ITEMS = 15;
const DUPLICATE_OVERLAP = 0.6;

export const DIRECTION =
  /\b(?:direct(?:s|ed|ing)?\s+(?:the\s+)?(?:city\s+|district\s+)?(?:staff|manager|administration|superintendent|clerk|attorney)|ask(?:s|ed|ing)?\s+(?:the\s+)?staff\s+to|staff\s+(?:will|shall|should|to|is going to|are going to|needs? to)|(?:come|report|circle|get)\s+back\s+(?:to\s+(?:us|the\s+(?:council|board|committee))\s+)?(?:with|on|at|by)|return(?:s|ing)?\s+(?:to\s+(?:the\s+)?(?:council|board|committee)\s+)?with)\b/i;
/** Business the body said it will take up: "we'll be approving that this afternoon". */
const SCHEDULED =
  /\b(?:going\s+to\s+be|will\s+be|we['’]ll\s+be|we\s+are|we['’]re)\s+(?:approving|adopting|voting\s+on|taking\s+up|considering)\b|\b(?:possible|final|first)\s+vote\s+on\b/i;
/** An opinion, not an instruction: "I'd support the first year and ask staff to come back …". */
const HYPOTHETICAL = /\bI(?:['’]d|\s+would)\s+(?:support|urge|prefer|rather)\b|\burge\s+the\s+(?:board|council|committee)\b/i;
const DEPARTMENT =
  /\b((?:[A-Z][a-z]+\s+){0,4}(?:Department|Office|Division|Agency|Authority|Bureau|Utilities|Police|Fire|Works)(?:\s+of(?:\s+[A-Z][a-z]+)+)?)\b/;
const NAMED_OFFICIAL = /\b(city (?:manager|clerk|attorney|administrator|engineer)|superintendent|finance director|public works)\b/i;

function responsibleForDirection(text: string, body: MeetingBody): string {
  const department = DEPARTMENT.exec(text)?.[1];
  if (department) return department.trim();
  const official = NAMED_OFFICIAL.exec(text)?.[1];
  if (official) return official.replace(/\b\w/g, (c) => c.toUpperCase());
  return body.staff;
}

const PAST = /\b(?:last|ago|yesterday|previous|past|earlier)\b/i;

/** A deadline must lie ahead: dates in the past ("last year", "July 8th" said on the 15th) are context, not due dates. */
function upcoming(found: FoundDate | null, reference: Date): FoundDate | null {
  if (!found || PAST.test(found.phrase)) return null;
  return found.iso === null || found.iso >= toIsoDay(reference) ? found : null;
}

function dueDate(sentence: Sentence, next: Sentence | undefined, reference: Date, lookAhead = true): string {
  const here = upcoming(findDate(sentence.text, reference), reference);
  // The next sentence counts only when we know the same person is still speaking.
  const sameSpeaker = lookAhead && next !== undefined && sentence.speaker !== null && next.speaker === sentence.speaker;
  const after = !here && sameSpeaker ? upcoming(findDate(next.text, reference), reference) : null;
  const found = here ?? (after?.iso ? after : null);
  return found?.iso ?? found?.phrase ?? NOT_SPECIFIED;
}

export interface ActionContext {
  sentences: readonly Sentence[];
  decisions: readonly Decision[];
  speakers: ReadonlyMap<string, Speaker>;
  body: MeetingBody;
  reference: Date;
}

function describe(words: string): string {
  return truncateWords(ensureTerminalPunctuation(trimFiller(words)), 30);
}

/** An item whose due date is read only if the item is kept: reading a spoken date may take compromise-dates milliseconds. */
interface Draft {
  item: ActionItem;
  due?: () => string;
}

/** A decision as an action item: "Motion to approve … passed 4-1." or "Motion: …" when no vote was heard. */
function decisionItem(decision: Decision, ctx: ActionContext): Draft | null {
  const at = decision.voteIndex ?? decision.motionIndex;
  const sentence = at === null ? undefined : ctx.sentences[at];
  if (!sentence) return null;
  const base = { responsible_party: ctx.body.name, start_ms: sentence.start_ms };
  const vote = decision.vote;
  const motion = decision.motionIndex === null ? undefined : ctx.sentences[decision.motionIndex];
  // A passed motion to direct staff is a direction: staff owe the work, by the date the mover gave.
  if (vote?.outcome === 'passed' && motion && decision.action && /^(?:direct|ask|instruct)\b/i.test(decision.action)) {
    const description = `${capitalize(truncateWords(decision.action, 30).replace(/[.]$/, ''))} (motion passed${vote.tally ? ` ${vote.tally}` : ''}).`;
    const next = ctx.sentences[(decision.motionIndex ?? 0) + 1];
    const item = { description, responsible_party: responsibleForDirection(motion.text, ctx.body), due_date: NOT_SPECIFIED, start_ms: motion.start_ms };
    return { item, due: () => dueDate(motion, next, ctx.reference) };
  }
  if (vote) {
    // No outcome words, or words and count disagreeing: only that a vote was taken is said.
    const result = vote.outcome ? `${vote.outcome}${vote.tally ? ` ${vote.tally}` : ''}` : `vote taken${vote.tally ? ` (${vote.tally})` : ''}, result unclear`;
    const description = decision.action
      ? `Motion to ${truncateWords(decision.action, 25).replace(/[.]$/, '')}${vote.outcome ? ' ' : ': '}${result}.`
      : decision.subject
        ? `${capitalize(truncateWords(decision.subject, 25).replace(/[.,]$/, ''))}: ${result}.`
        : `Vote (${result}): ${describe(sentence.text)}`;
    return { item: { ...base, description, due_date: NOT_SPECIFIED } };
  }
  if (!decision.action) return null;
  const mover = decision.mover ? ` (moved by ${decision.mover})` : '';
  const item = { ...base, description: `Motion: ${truncateWords(decision.action, 25)}${mover}`, due_date: NOT_SPECIFIED };
  return { item, due: () => dueDate(sentence, undefined, ctx.reference, false) };
}

/** A direction to staff from a member or official: not a resident's request, not a member's "I'd support … and ask staff". */
export function isStaffDirection(sentence: Sentence, speakers: ReadonlyMap<string, Speaker>): boolean {
  const fromPublic = sentence.speaker !== null && speakers.get(sentence.speaker)?.role === 'public';
  return !fromPublic && DIRECTION.test(sentence.text) && !HYPOTHETICAL.test(sentence.text);
}

function sentenceItem(i: number, ctx: ActionContext): Draft | null {
  const sentence = ctx.sentences[i]!;
  const next = ctx.sentences[i + 1];
  const text = sentence.text;
  const direction = isStaffDirection(sentence, ctx.speakers) ? DIRECTION.exec(text) : null;
  if (direction) {
    // From the instruction itself: "I move that we direct staff to …" becomes "Direct staff to …".
    const instruction = text.slice(direction.index);
    const words = instruction.split(/\s+/).length >= 5 ? instruction : text;
    const item = { description: describe(words), responsible_party: responsibleForDirection(text, ctx.body), due_date: NOT_SPECIFIED, start_ms: sentence.start_ms };
    return { item, due: () => dueDate(sentence, next, ctx.reference) };
  }
  const scheduled = SCHEDULED.exec(text);
  if (scheduled && text.split(/\s+/).length >= 8 && !/\b(?:agenda|minutes)\b/i.test(text)) {
    const from = text.slice(scheduled.index);
    const item = { description: `Scheduled: ${describe(from.split(/\s+/).length >= 5 ? from : text)}`, responsible_party: ctx.body.name, due_date: NOT_SPECIFIED, start_ms: sentence.start_ms };
    return { item, due: () => dueDate(sentence, next, ctx.reference) };
  }
  return null;
}

/**
 * Rule-based action items in meeting order: decisions (the motion with the vote that settled
 * it), staff directions (with the department or official named nearby and the due date said in
 * the sentence or the next one; not residents' requests or members' hypotheticals) and business
 * scheduled for a vote. Near-identical items (content-word Jaccard above 0.6) are kept once.
 */
export function extractActionItems(ctx: ActionContext): ActionItem[] {
  const candidates: Array<Draft & { at: number }> = [];
  const decided = new Set<number>();
  for (const decision of ctx.decisions) {
    const draft = decisionItem(decision, ctx);
    const at = decision.voteIndex ?? decision.motionIndex ?? 0;
    if (decision.motionIndex !== null) decided.add(decision.motionIndex);
    if (draft) candidates.push({ ...draft, at });
  }
  ctx.sentences.forEach((_, i) => {
    if (decided.has(i)) return;
    const draft = sentenceItem(i, ctx);
    if (draft) candidates.push({ ...draft, at: i });
  });
  const kept: Array<{ item: ActionItem; tokens: string[] }> = [];
  for (const { item, due } of candidates.sort((a, b) => a.at - b.at)) {
    if (kept.length >= MAX_ITEMS) break;
    const tokens = contentTokens(item.description);
    if (kept.some((other) => jaccard(other.tokens, tokens) > DUPLICATE_OVERLAP)) continue;
    if (due) item.due_date = due();
    if (/^\d{4}-\d{2}-\d{2}$/.test(item.due_date)) item.deadline = item.due_date;
    kept.push({ item, tokens });
  }
  return kept.map((k) => k.item);
}
