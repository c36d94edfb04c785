import type { ActionItem, Entity, Highlight } from '../../domain/analysis.js';
import { decisionStartMs, type Decision } from '../../domain/decisions.js';

/**
 * The code half of the reduce step: chunk analyses overlap a little and a long meeting
 * mentions the same people and motions many times, so lists are concatenated in meeting order
 * and deduplicated here, deterministically, rather than by another model call that could
 * rewrite verbatim quotes.
 */

const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'for', 'in', 'on', 'at', 'by', 'with', 'be', 'is', 'will', 'that', 'this']);

function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** "The City Council" and "city council" are one entity. */
export function normalizeName(name: string): string {
  const words = tokens(name);
  return (words[0] === 'the' ? words.slice(1) : words).join(' ');
}

/** Dice coefficient of the two texts' content words, in [0, 1]. */
export function similarity(a: string, b: string): number {
  const left = new Set(tokens(a).filter((t) => !STOP_WORDS.has(t)));
  const right = new Set(tokens(b).filter((t) => !STOP_WORDS.has(t)));
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared++;
  return (2 * shared) / (left.size + right.size);
}

/** Two action items this similar describe the same task. */
const ACTION_ITEM_SIMILARITY = 0.6;

const NOT_SPECIFIED = /^not specified$/i;

function specificity(item: ActionItem): number {
  return (NOT_SPECIFIED.test(item.responsible_party) ? 0 : 1) + (NOT_SPECIFIED.test(item.due_date) ? 0 : 1);
}

export function mergeActionItems(items: readonly ActionItem[]): ActionItem[] {
  const kept: ActionItem[] = [];
  for (const item of items) {
    if (!item.description) continue;
    const twin = kept.findIndex((other) => similarity(other.description, item.description) >= ACTION_ITEM_SIMILARITY);
    if (twin === -1) kept.push(item);
    else if (specificity(item) > specificity(kept[twin]!)) kept[twin] = item;
  }
  return kept;
}

export function mergeEntities(entities: readonly Entity[]): Entity[] {
  const byName = new Map<string, Entity>();
  for (const entity of entities) {
    const key = normalizeName(entity.name);
    if (!key) continue;
    const seen = byName.get(key);
    if (!seen) byName.set(key, entity);
    else if (!seen.context && entity.context) byName.set(key, { ...seen, context: entity.context });
  }
  return [...byName.values()];
}

function quoteKey(highlight: Highlight): string {
  return highlight.quotes.map((q) => tokens(q.text).join(' ')).join('|');
}

/**
 * Highlights in meeting order without repeats: the overlap between chunks makes the same
 * moment come back with the same timestamp, or the same quote under a neighbouring one.
 */
export function mergeHighlights(highlights: readonly Highlight[]): Highlight[] {
  const ordered = highlights
    .map((highlight, order) => ({ highlight, order }))
    .sort((a, b) => (a.highlight.start_ms ?? Infinity) - (b.highlight.start_ms ?? Infinity) || a.order - b.order);
  const kept: Highlight[] = [];
  const seenQuotes = new Set<string>();
  const seenStarts = new Set<number>();
  for (const { highlight } of ordered) {
    const key = quoteKey(highlight);
    if (key && seenQuotes.has(key)) continue;
    if (highlight.start_ms != null && seenStarts.has(highlight.start_ms)) continue;
    if (key) seenQuotes.add(key);
    if (highlight.start_ms != null) seenStarts.add(highlight.start_ms);
    kept.push(highlight);
  }
  return kept;
}

/**
 * Decisions in meeting order, each once. The overlap between chunks shows the same line, under
 * the same timestamp, to two calls, and each may report the result on it. Two decisions are one
 * when they were stated at the same moment (some evidence of each has the same start) and either
 * their evidence is the same sentence (one copy contains the other) or they agree on the outcome;
 * decisions numbered differently are never one (a roll call that settles two items). Identical
 * sentences at different moments ("The motion carries.") stay apart: meetings repeat them.
 * Of two copies the one that says more is kept: the call that saw the item introduced knows it.
 */
export function mergeDecisions(decisions: readonly Decision[]): Decision[] {
  const kept: Decision[] = [];
  for (const decision of inMeetingOrder(decisions)) {
    const twin = kept.findIndex((other) => sameDecision(other, decision));
    if (twin === -1) kept.push(decision);
    else if (detail(decision) > detail(kept[twin]!)) kept[twin] = decision;
  }
  return kept;
}

/** Sorted by where each was stated; one whose timestamp the model garbled stays after the decision before it. */
function inMeetingOrder(decisions: readonly Decision[]): Decision[] {
  let previous = -Infinity;
  return decisions
    .map((decision, order) => {
      previous = decisionStartMs(decision) ?? previous;
      return { decision, at: previous, order };
    })
    .sort((a, b) => (a.at === b.at ? a.order - b.order : a.at - b.at))
    .map(({ decision }) => decision);
}

function sameDecision(a: Decision, b: Decision): boolean {
  if (a.item_number && b.item_number && normalizeName(a.item_number) !== normalizeName(b.item_number)) return false;
  const sameMoment = a.evidence.some((x) => x.start_ms !== null && b.evidence.some((y) => y.start_ms === x.start_ms));
  if (!sameMoment) return false;
  return sameSentence(a, b) || compatibleOutcomes(a, b);
}

function sameSentence(a: Decision, b: Decision): boolean {
  const words = (text: string) => ` ${tokens(text).join(' ')} `;
  return a.evidence.some((x) =>
    b.evidence.some((y) => {
      const [left, right] = [words(x.text), words(y.text)];
      return left.trim() !== '' && right.trim() !== '' && (left.includes(right) || right.includes(left));
    }),
  );
}

/** "unclear" is one call not seeing the result the other saw, not a different result. */
function compatibleOutcomes(a: Decision, b: Decision): boolean {
  return a.outcome === b.outcome || a.outcome === 'unclear' || b.outcome === 'unclear';
}

/** How much a decision says: a stated outcome and each detail given. */
function detail(decision: Decision): number {
  const fields = [decision.item, decision.item_number, decision.motion, decision.tally, decision.vote_kind, decision.mover, decision.seconder];
  return fields.filter((field) => field !== null).length + (decision.outcome === 'unclear' ? 0 : 1);
}
