import { PROCEDURAL_BUSINESS } from './motion-text.js';
import type { Sentence } from './sentences.js';

/**
 * The meeting cut into agenda items at the chair's announcements ("That brings us to item 7,
 * a public hearing on …", "Next is the consent calendar.", "City manager's report."), so a
 * story can tell the zoning hearing's speakers from general public comment.
 */
export type ItemKind = 'opening' | 'procedural' | 'public-comment' | 'report' | 'business';

export interface AgendaItem {
  /** As announced, without "item 7,": "a public hearing on the proposed zoning map amendment for 410 Main Street". */
  title: string;
  kind: ItemKind;
  hearing: boolean;
  /** Sentence range [from, to). */
  from: number;
  to: number;
}

const ANNOUNCEMENTS: readonly RegExp[] = [
  /\b(?:that\s+brings\s+us\s+to|we(?:['’]ll|\s+will)?\s+(?:now\s+)?move\s+(?:on\s+)?to|moving\s+on\s+to|next\s+(?:up\s+)?is|next\s+item\s+is|this\s+is\s+the\s+time\s+for|we(?:['’]re|\s+are)\s+at|we(?:['’]ll|\s+will)\s+take(?:\s+up)?)\s+(.+)$/i,
  /^((?:(?:action|agenda|consent)\s+)?item\s+(?:no\.?\s*|number\s+)?\d+(?:\.\d+)?\b.*)$/i,
  /^(?:any\s+)?((?:public\s+comment|(?:city\s+manager|city\s+administrator|superintendent)['’]s\s+report|council(?:or)?\s+reports?|board\s+member\s+reports?)\b.*)$/i,
];
const ITEM_NUMBER = /^(?:(?:action|agenda|consent)\s+)?item\s+(?:no\.?\s*|number\s+)?\d+(?:\.\d+)?\s*(?:is\s+|,\s*|:\s*)?/i;
const MAX_ANNOUNCEMENT_WORDS = 45;

function kindOf(title: string): ItemKind {
  if (/\bpublic\s+comment\b/i.test(title) && !/\bhearing\b/i.test(title)) return 'public-comment';
  if (/\breports?\b/i.test(title) && !/\b(?:budget|audit|annual)\b/i.test(title)) return 'report';
  if (PROCEDURAL_BUSINESS.test(title) || /\b(?:consent|recess|closed\s+session|recognition)\b/i.test(title)) return 'procedural';
  return 'business';
}

function announcedTitle(text: string): string | null {
  if (text.split(/\s+/).length > MAX_ANNOUNCEMENT_WORDS) return null;
  for (const pattern of ANNOUNCEMENTS) {
    const match = pattern.exec(text.trim());
    if (!match?.[1]) continue;
    const title = match[1].replace(ITEM_NUMBER, '').replace(/[.?!]+$/, '').trim();
    if (title.split(/\s+/).length >= 2 || /^(?:public comment|reports?)$/i.test(title)) return title;
  }
  return null;
}

/**
 * Items in meeting order, covering every sentence: what comes before the first announcement
 * is the "opening"; a meeting with no announcements at all is one business item.
 */
export function findAgendaItems(sentences: readonly Sentence[]): AgendaItem[] {
  const starts: Array<{ at: number; title: string }> = [];
  sentences.forEach((sentence, i) => {
    const title = announcedTitle(sentence.text);
    if (title) starts.push({ at: i, title });
  });
  if (starts.length === 0) return [{ title: '', kind: 'business', hearing: false, from: 0, to: sentences.length }];
  const items: AgendaItem[] = [];
  if ((starts[0]?.at ?? 0) > 0) items.push({ title: '', kind: 'opening', hearing: false, from: 0, to: starts[0]?.at ?? 0 });
  starts.forEach((start, k) => {
    const to = starts[k + 1]?.at ?? sentences.length;
    items.push({ title: start.title, kind: kindOf(start.title), hearing: /\bpublic\s+hearing\b/i.test(start.title), from: start.at, to });
  });
  return items;
}

/** The item a sentence belongs to. */
export function itemAt(items: readonly AgendaItem[], index: number): AgendaItem | null {
  return items.find((item) => index >= item.from && index < item.to) ?? null;
}
