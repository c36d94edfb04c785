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
  /** "7", "9A", "11-B" when the item was read with its number; null otherwise. */
  number: string | null;
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
const ITEM_NUMBER = /^(?:(?:action|agenda|consent)\s+)?item\s+(?:no\.?\s*|number\s+)?\d+(?:\.\d+)?[A-Z]?\s*(?:is\s+|as\s+|,\s*|:\s*)?/i;
const MAX_ANNOUNCEMENT_WORDS = 45;
/**
 * Items as the clerk or chair reads them, with their numbers: "Agenda item 5, Resolution 31951 …",
 * "Item 11B is a resolution authorizing …", "8A is a resolution confirming …", "Council Bill
 * 18-1407 …", "Resolution 31669 …", "Report from Public Works, recommendation to …",
 * "Consent items are 11K through M …". The reading may be long: its first words make the title.
 */
const READINGS: ReadonlyArray<{ pattern: RegExp; number: (m: RegExpExecArray) => string | null }> = [
  { pattern: /^(?:(?:agenda|action)\s+)?item\s+(?:no\.?\s*|number\s+)?(\d{1,3}(?:[.-]?[A-Z])?)\b[,:.]?\s*(?:is\s+|as\s+)?(.*)$/i, number: (m) => m[1] ?? null },
  { pattern: /^(\d{1,3}-?[A-Z])\s+(?:is|as)\s+(an?\s+(?:resolution|ordinance|bill|appointment|report|request|contract|agreement|motion)\b.*)$/i, number: (m) => m[1] ?? null },
  { pattern: /^()((?:council\s+bill|resolution|ordinance|bill)\s+(?:no\.?\s*|number\s+)?\d[\d-]*\b.*)$/i, number: () => null },
  { pattern: /^()(report\s+from\s+.+?\brecommend(?:ation|ing)\s+to\s+.+)$/i, number: () => null },
  { pattern: /^()(consent\s+(?:items?|agenda|calendar)\s+(?:is|are|includes?)\s+.+)$/i, number: () => null },
];
const MAX_READING_WORDS = 120;
const TITLE_WORDS = 30;

function readItem(text: string): { number: string | null; title: string } | null {
  const trimmed = text.trim();
  if (trimmed.split(/\s+/).length > MAX_READING_WORDS) return null;
  for (const { pattern, number } of READINGS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const title = (match[2] ?? '').split(/\s+/).slice(0, TITLE_WORDS).join(' ').replace(/[,;:]?\s*$/, '').replace(/[.?!]+$/, '');
    if (title.split(/\s+/).length < 2 && !number(match)) continue;
    return { number: number(match)?.toUpperCase().replace(/^(\d+)-?([A-Z])$/, '$1$2') ?? null, title };
  }
  return null;
}

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
  const starts: Array<{ at: number; title: string; number: string | null }> = [];
  sentences.forEach((sentence, i) => {
    // "Will the clerk please read agenda item 5 into the record": the reading follows.
    if (/^(?:will|would|can|could)\s+the\s+clerk\b|\bplease\s+read\b/i.test(sentence.text)) return;
    const reading = readItem(sentence.text);
    const title = reading ? reading.title : announcedTitle(sentence.text);
    if (title !== null) starts.push({ at: i, title, number: reading?.number ?? null });
  });
  if (starts.length === 0) return [{ title: '', number: null, kind: 'business', hearing: false, from: 0, to: sentences.length }];
  const items: AgendaItem[] = [];
  if ((starts[0]?.at ?? 0) > 0) items.push({ title: '', number: null, kind: 'opening', hearing: false, from: 0, to: starts[0]?.at ?? 0 });
  starts.forEach((start, k) => {
    const to = starts[k + 1]?.at ?? sentences.length;
    items.push({ title: start.title, number: start.number, kind: kindOf(start.title), hearing: /\bpublic\s+hearing\b/i.test(start.title), from: start.at, to });
  });
  return items;
}

/** "Item 5, Resolution 31951 relating to …" / "the consent items": how a reader is told which item was decided. */
export function itemLabel(item: AgendaItem): string {
  const title = item.title.split(/\s+/).slice(0, 22).join(' ').replace(/[,;:]$/, '');
  if (item.number) return title ? `Item ${item.number}, ${title}` : `Item ${item.number}`;
  return title;
}

/** The item a sentence belongs to. */
export function itemAt(items: readonly AgendaItem[], index: number): AgendaItem | null {
  return items.find((item) => index >= item.from && index < item.to) ?? null;
}
