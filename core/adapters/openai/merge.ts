import type { ActionItem, Entity, Highlight } from '../../domain/analysis.js';

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
export const ACTION_ITEM_SIMILARITY = 0.6;

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
