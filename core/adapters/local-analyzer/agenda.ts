import { PROCEDURAL_BUSINESS } from './motion-text.js';
import type { Sentence } from './sentences.js';
import { spokenDigits } from './text.js';

/**
 * The meeting cut into agenda items at the chair's announcements ("That brings us to item 7,
 * a public hearing on …", "Next is the consent calendar.", "City manager's report."), so a
 * story can tell the zoning hearing's speakers from general public comment.
 */
type ItemKind = 'opening' | 'procedural' | 'public-comment' | 'report' | 'business';

export interface AgendaItem {
  /** As announced, without "item 7,": "a public hearing on the proposed zoning map amendment for 410 Main Street". */
  title: string;
  /** "7", "9A", "11-B" when the item was read with its number; null otherwise. */
  number: string | null;
  kind: ItemKind;
  hearing: boolean;
  /** The sentence where the clerk read the item (its words are the reading, not anyone's view); null when not read. */
  readAt: number | null;
  /** Sentence range [from, to). */
  from: number;
  to: number;
}

const ANNOUNCEMENTS: readonly RegExp[] = [
  /\b(?:that\s+brings\s+us\s+to|we(?:['’]ll|\s+will)?\s+(?:now\s+)?move\s+(?:on\s+)?to|moving\s+on\s+to|next\s+(?:up\s+)?is|next\s+item\s+is|this\s+is\s+the\s+time\s+for|we(?:['’]ll|\s+will)\s+take(?:\s+up)?)\s+(.+)$/i,
  // "We're at item 7" (not "the place where we're at now, and …").
  /\bwe(?:['’]re|\s+are)\s+(?:now\s+)?at\s+((?:agenda\s+)?item\b.+|public\s+comment\b.*|the\s+(?:consent|public\s+hearing|public\s+comment)\b.*)$/i,
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
  // Standing headings read alone: "Payment of the bills.", "Approval of the minutes."
  { pattern: /^()((?:payment\s+of\s+the\s+bills|approval\s+of\s+the\s+(?:minutes|agenda)|adoption\s+of\s+the\s+(?:agenda|(?:introduction\s+and\s+)?referral\s+calendar)))[.:]?$/i, number: () => null },
];
const MAX_READING_WORDS = 120;
const READING_INSIDE = /\b(?:council\s+bill|resolution|ordinance|bill)\s+(?:no\.?\s*|number\s+)?\d[\d\s-]*\b.*$/i;
const TITLE_WORDS = 30;

/**
 * The first TITLE_WORDS words of a reading, ending on a whole phrase: a long reading is cut at its
 * last comma, never on "… supportive services for homeless persons who".
 */
function wholeTitle(reading: string): string {
  const words = reading.split(/\s+/).filter(Boolean);
  if (words.length <= TITLE_WORDS) return words.join(' ');
  let head = words.slice(0, TITLE_WORDS).join(' ');
  const comma = head.lastIndexOf(', ');
  if (comma > head.length / 3) head = head.slice(0, comma);
  return head.replace(/(?:\s+(?:who|whom|whose|which|that|and|or|for|to|of|the|a|an|in|on|with|by|from|as|at|is|are))+[,;:]?$/i, '');
}

function readItem(text: string): { number: string | null; title: string } | null {
  const trimmed = text.trim();
  if (trimmed.split(/\s+/).length > MAX_READING_WORDS) return null;
  for (const { pattern, number } of READINGS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const title = wholeTitle(match[2] ?? '')
      // The chair's next words run on in speech-to-text: "Bill 19841, is there a second".
      .replace(/[,.]?\s+(?:is\s+there\s+a\s+second|thank\s+you|will\s+the\s+clerk)\b.*$/i, '')
      .replace(/[,;:]?\s*$/, '')
      .replace(/[.?!]+$/, '');
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

/**
 * The chair calling the next speaker ("Next up is Joanna followed by Andrea", "next up is
 * Council member Sawant and then after, council member Lewis", "Next is up Susan") or the vote
 * ("… for a vote") announces no agenda item.
 */
function isSpeakerQueue(title: string): boolean {
  if (/\b(?:item|comment|report|hearing|calendar|agenda|minutes|resolution|ordinance|bill|consent|appointment|contract)s?\b/i.test(title)) return false;
  if (/\bfollowed\s+by\b|\band\s+then\b|^(?:a|the)\s+vote\b/i.test(title)) return true;
  const name = title.replace(/^up\s+/i, '');
  // A name, as speech-to-text writes it: "Joanna", "Mark Taylor Canfield", "mighty Delaney" (capitalised last word).
  return /^(?:council\s*(?:member|woman|man)|councilor|commissioner|mayor|president|vice\s+\w+|trustee|supervisor|speaker)\b/i.test(name) || /^(?:[\p{L}'’-]+\s+){0,2}\p{Lu}[\p{L}'’-]+$/u.test(name);
}

function announcedTitle(text: string): string | null {
  if (text.split(/\s+/).length > MAX_ANNOUNCEMENT_WORDS) return null;
  for (const pattern of ANNOUNCEMENTS) {
    const match = pattern.exec(text.trim());
    if (!match?.[1]) continue;
    const title = match[1].replace(ITEM_NUMBER, '').replace(/[.?!]+$/, '').trim();
    if (isSpeakerQueue(title)) return null;
    if (title.split(/\s+/).length >= 2 || /^(?:public comment|reports?)$/i.test(title)) return title;
  }
  return null;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const ITEM_NUMBER_SAID = String.raw`(\d{1,3}[A-Z]?|${NUMBER_WORDS.slice(1).join('|')})`;
/** "Will the clerk please read agenda item 5 into the record", "Item number two.": an item whose reading may follow, or be missing from the captions. */
const ITEM_CALLED = new RegExp(String.raw`^(?:item\s+(?:number\s+)?${ITEM_NUMBER_SAID}[.,]?\s*$|.*\bread\s+(?:the\s+(?:short\s+)?(?:title|item)\s+of\s+)?(?:agenda[,\s]+)?item[,\s]+(?:number\s+)?${ITEM_NUMBER_SAID}\b)`, 'i');
const DOCKET_READ = /^(?:(?:mr\.?|madam|madame|mister)\s+)?(?:clerk|clark|quirk),?\s+(?:(?:can|could|will|would)\s+you\s+|if\s+you\s+(?:can|could)\s+)?(?:please\s+)?read\s+((?:docket|dockets)\b.+)$/i;

/** "Next up is 4C, which is Family Dollar Store 21140": an announcement that opens with the item's code. */
function codedAnnouncement(title: string | null): { number: string; title: string } | null {
  const coded = title ? /^(\d{1,3}-?[A-Z])(?:,\s*|\s+)(?:which\s+is\s+|is\s+)?(.{3,})$/i.exec(title) : null;
  return coded?.[1] && coded[2] ? { number: coded[1].toUpperCase().replace('-', ''), title: coded[2] } : null;
}

/** A reading this close after the call is the called item's. */
const READING_FOLLOWS = 3;

function calledNumber(text: string): string | null {
  const match = ITEM_CALLED.exec(text.trim());
  const said = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (!said) return null;
  const index = NUMBER_WORDS.indexOf(said);
  return index > 0 ? String(index) : said.toUpperCase();
}

/**
 * Items in meeting order, covering every sentence: what comes before the first announcement
 * is the "opening"; a meeting with no announcements at all is one business item.
 */
export function findAgendaItems(sentences: readonly Sentence[]): AgendaItem[] {
  const starts: Array<{ at: number; title: string; number: string | null; readAt: number | null }> = [];
  sentences.forEach((sentence, i) => {
    const last = starts[starts.length - 1];
    // "Will the clerk please read agenda item 5 into the record": the item starts; its reading, when the transcript has it, names it.
    const called = calledNumber(sentence.text);
    if (called !== null) {
      if (!(last && last.number === called && !last.title && i - last.at <= READING_FOLLOWS)) starts.push({ at: i, title: '', number: called, readAt: null });
      return;
    }
    // "Mr. Clerk, please read docket zero six eight eight": the docket the next vote is on, its digits spelled out in captions.
    const docket = DOCKET_READ.exec(sentence.text.trim());
    if (docket?.[1]) {
      // Only the docket's number is told reliably; the rest of the reading runs on in captions.
      const named = /^dockets?\s+(?:number\s+)?(\d+)/i.exec(spokenDigits(docket[1]));
      if (named?.[1]) starts.push({ at: i, title: `Docket ${named[1]}`, number: null, readAt: i });
      return;
    }
    if (/^(?:will|would|can|could)\s+the\s+clerk\b|\bplease\s+read\b/i.test(sentence.text)) return;
    // The clerk's reading, however speech-to-text opens it ("It turns out of ten Council Bill 1 1985 relating to …").
    const inside = last && !last.title && last.number !== null && i - last.at <= READING_FOLLOWS ? READING_INSIDE.exec(sentence.text) : null;
    if (last && inside) {
      last.title = wholeTitle(inside[0]).replace(/[,;:.]+$/, '');
      last.readAt = i;
      return;
    }
    const reading = readItem(sentence.text) ?? codedAnnouncement(announcedTitle(sentence.text));
    const title = reading ? reading.title : announcedTitle(sentence.text);
    if (title === null) return;
    if (last && !last.title && last.number !== null && i - last.at <= READING_FOLLOWS && (reading?.number ?? last.number) === last.number) {
      last.title = title;
      last.readAt = i;
      return;
    }
    starts.push({ at: i, title, number: reading?.number ?? null, readAt: i });
  });
  if (starts.length === 0) return [{ title: '', number: null, kind: 'business', hearing: false, readAt: null, from: 0, to: sentences.length }];
  const items: AgendaItem[] = [];
  if ((starts[0]?.at ?? 0) > 0) items.push({ title: '', number: null, kind: 'opening', hearing: false, readAt: null, from: 0, to: starts[0]?.at ?? 0 });
  starts.forEach((start, k) => {
    const to = starts[k + 1]?.at ?? sentences.length;
    items.push({ title: start.title, number: start.number, kind: kindOf(start.title), hearing: /\bpublic\s+hearing\b/i.test(start.title), readAt: start.readAt, from: start.at, to });
  });
  return items;
}

/** Where an item is called within a sentence: "item number three", "docket 0654", "next is 4H", "brings us to". */
const ITEM_CALL = /\b(?:(?:agenda\s+)?items?|dockets?|next\s+(?:up\s+)?is|(?:that\s+)?brings\s+us\s+to)\b/i;

/** The index in `text` where an item is called, or null: what a result run into the next reading is cut at. */
export function itemCallIndex(text: string): number | null {
  return ITEM_CALL.exec(text)?.index ?? null;
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
