/**
 * What a vote decided about: the agenda item it is surely tied to, the subject a reader is
 * told ("Resolution 31951 …", not "the motion"), and the items a consent agenda read into it.
 */
import { itemLabel, type AgendaItem } from './agenda.js';
import { namesItsMatter } from './decision-weight.js';
import type { Decision } from './decisions.js';
import { numbersNamed } from './item-numbers.js';
import { actionPhrase } from './motion-text.js';
import { spokenDigits } from './text.js';
import type { VoteResult } from './votes.js';

/**
 * Subjects that say nothing on their own ("the bill"): the item being voted on says more.
 * "the staff recommendation", "this request", "the original motion": words that name a kind of
 * business, not which one; only a subject with a word of its own (or a number) names an item.
 */
export function namesKindOnly(subject: string): boolean {
  const words = subject.toLowerCase().replace(/['’]s\b/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return !words.some((word) => /\d/.test(word) || !KIND_WORDS.has(word));
}
const KIND_WORDS = new Set(
  `the this that these those it its our a an and main original amended substitute substitution staff city first second
  third final last previous same above following bill bills resolution resolutions ordinance ordinances amendment
  amendments motion motions item items docket dockets order orders matter matters calendar report reports
  recommendation recommendations request requests application applications appeal appeals question proposal`.split(/\s+/),
);

/** How many sentences after an unnumbered reading its vote may come. */
const READING_REACH = 30;

/**
 * How many sentences after an item was called a vote is surely still its own: as far as a motion
 * reaches its vote. Further on, the next item's reading may have gone unheard; the item's label
 * holds only when the meeting names the item again near the vote, or voted on it (an amendment)
 * within that reach.
 */
const ITEM_REACH = 60;

/** Words every agenda title uses ("a resolution authorizing the mayor to execute an agreement …"): they name no item. */
const AGENDA_WORDS = new Set(
  `resolution resolutions ordinance ordinances bill bills docket dockets agenda item items council city county board
  commission mayor manager authorizing authorize authorizes execute agreement agreements accept accepting proposal
  incorporated documents necessary public adopted adopt adopting approve approving approval relating related contract
  amount exceed provide providing with from which that this their there into behalf upon other year years amend amending
  amendment`.split(/\s+/),
);

/** The item named again in what was said: its number ("item 11A", "11A") or a word of its own title. */
function namedAgain(item: AgendaItem, said: string): boolean {
  const text = said.toLowerCase();
  const number = item.number?.toLowerCase().replace(/[.]/g, '\\.');
  if (number && new RegExp(/[a-z]/.test(number) ? `\\b${number}\\b` : `\\bitem\\s+(?:number\\s+)?${number}\\b`).test(text)) return true;
  const own = new Set((item.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((word) => !AGENDA_WORDS.has(word)));
  return [...own].some((word) => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u').test(text));
}

/**
 * Whether a vote may be described by the agenda item it falls in (issue 23: never a stale
 * label). Only a business item read with its number or its words qualifies; a number the meeting
 * says for two items is a mishearing of one of them and names neither; and once an item's
 * question has been decided under its label, a later vote in it that names nothing is not
 * assumed to be about it (speech-to-text may have missed the next item's reading).
 */
export class ItemTies {
  private readonly consumed = new Set<AgendaItem>();
  /** The last vote each item was tied to (an amendment's leaves the item open and keeps it in reach). */
  private readonly lastTied = new Map<AgendaItem, number>();
  private readonly doubled: Set<string>;

  constructor(items: readonly AgendaItem[]) {
    const seen = new Map<string, number>();
    for (const item of items) if (item.number) seen.set(item.number.toUpperCase(), (seen.get(item.number.toUpperCase()) ?? 0) + 1);
    this.doubled = new Set([...seen].filter(([, n]) => n > 1).map(([number]) => number));
  }

  /**
   * `before`: what was said in the item just before the vote; a number of another matter there
   * unties it. `reach.vote`: where the result is; `reach.near`: what was said in the item a little
   * further back; `reach.action`: the motion voted on.
   */
  tie(item: AgendaItem | null, at: number, before: string, reach: { vote: number; near: string; action: string | null }): AgendaItem | null {
    if (!item || item.kind !== 'business' || this.consumed.has(item)) return null;
    if (item.number && this.doubled.has(item.number.toUpperCase())) return null;
    if (!item.number && (item.readAt === null || !item.title)) return null;
    // A reading with no item number ("please read docket 0655") names only the business voted on soon after it.
    if (!item.number && item.readAt !== null && at - item.readAt > READING_REACH) return null;
    const own = new Set([...(item.number ? [item.number.replace(/^0+(?=\d)/, '').toUpperCase()] : []), ...numbersNamed(item.title)]);
    if (!numbersNamed(before).every((number) => own.has(number))) return null;
    // An amendment is always to the question on the floor: it keeps the item in reach.
    const inReach = amends(reach.action) || reach.vote - item.from <= ITEM_REACH || reach.vote - (this.lastTied.get(item) ?? -Infinity) <= ITEM_REACH;
    if (!inReach && !namedAgain(item, reach.near)) return null;
    this.lastTied.set(item, reach.vote);
    return item;
  }

  /** The vote that used the item up turned out to settle something else (an amendment). */
  release(item: AgendaItem): void {
    this.consumed.delete(item);
  }

  /** A decision labelled by the item used its label up, unless it only amended the item's question. */
  use(item: AgendaItem, action: string | null): void {
    if (!amends(action)) this.consumed.add(item);
  }
}

/** "amend section 3", "adopt version 2 of amendment 59", "substitute …": a motion that changes the question on the floor. */
function amends(action: string | null): boolean {
  return /^(?:(?:adopt|approve|pass)\s+(?:an?\s+|the\s+)?)?(?:version\s+\d+\s+of\s+)?amendment\b|^amend\b|^substitut/i.test(action ?? '');
}

/**
 * The result's own subject when it names one; else the motion when it says what it does (an
 * item may hold several motions: a rate resolution, then a direction to staff, each voted on
 * its own); else the item read before the vote ("Council Bill 119825" for "I move the bill
 * pass"); else whatever the motion says.
 */
export function subjectOf(vote: VoteResult, clause: string | null, item: AgendaItem | null): Subject {
  const said = vote.subject && !namesKindOnly(vote.subject) ? vote.subject.replace(/^The\b/, 'the') : null;
  // "Docket number zero six five three will be referred": the number as a reader writes it.
  if (said) return { subject: spokenDigits(said), from: 'result' };
  const action = clause ? actionPhrase(clause) : null;
  if (action && namesItsMatter(action)) return { subject: action, from: 'motion' };
  if (item) return { subject: itemLabel(item), from: 'item' };
  return { subject: null, from: null };
}

interface Subject {
  subject: string | null;
  from: Decision['subjectFrom'];
}

const CONSENT = /\bconsent\s+(?:items?|agenda|calendar)\b/i;
/** "11K through M", "2.1 through 2.4", "4, 5 and 7": the items a consent reading lists. */
const LISTED = /\b(?:items?\s+)?(\d{1,3}(?:\.\d+)?[A-Z]?(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*-\s*|\s+through\s+|\s+to\s+|\s+thru\s+)(?:\d{1,3}(?:\.\d+)?[A-Z]?|[A-Z]\b))+)/;

/**
 * A consent agenda is one decision with its items read into it: the list the chair or clerk read
 * for the consent agenda in the stretch the vote belongs to ("Consent items are 11K through M").
 */
export function consentItems(said: string, item: AgendaItem | null, items: readonly AgendaItem[], at: number): string | null {
  if (!CONSENT.test(said)) return null;
  const reading = [item, ...items.filter((other) => other.to <= at && at - other.to < CONSENT_REACH)].find((other) => other && CONSENT.test(other.title));
  const listed = reading ? LISTED.exec(reading.title)?.[1] : null;
  return listed ? `items ${listed}` : null;
}
const CONSENT_REACH = 20;
