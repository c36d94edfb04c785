import { MONTHS } from './dates.js';
import { infinitiveOf, lexiconTags } from './nlp.js';

/**
 * Motion wording turned into news wording: "approval of the consent calendar" -> "approve the
 * consent calendar" for "voted 5-0 to …", and "introduce Ordinance 2026-01, approving the zoning
 * map amendment for 410 Main Street …" -> advance / "410 Main Street rezoning" for a headline.
 */

/** Procedural business: the agenda, the minutes, the consent calendar, adjournment, recess, warrants. */
export const PROCEDURAL_BUSINESS =
  /\b(?:consent\s+(?:calendar|agenda)|agenda|minutes|adjourn(?:ment|ed)?|recess|warrant\s+(?:register|list)s?|roll\s+call|pledge|excused?\s+absences?|waive\s+the\s+rules)\b/i;

const NOUN_VERBS: Record<string, string> = {
  approval: 'approve', adoption: 'adopt', introduction: 'introduce', acceptance: 'accept', denial: 'deny',
  authorization: 'authorize', ratification: 'ratify', confirmation: 'confirm', appointment: 'appoint',
  reappointment: 'reappoint', passage: 'pass', renewal: 'renew', extension: 'extend', award: 'award',
  purchase: 'purchase', continuance: 'continue', rejection: 'reject',
};
const NOUN_FORM = new RegExp(`^(${Object.keys(NOUN_VERBS).join('|')})\\s+of\\s+`, 'i');

/** Verbs motions start with that the lexicon does not list as verbs (or lists as nouns too). */
const MOTION_VERBS = new Set(
  `amend reappoint table postpone refer purchase set allocate appropriate place forward move grant file close open
  rescind reconsider select name designate execute order direct accept approve adopt introduce award restore
  authorize deny extend renew establish create hire fund ratify confirm receive schedule request support oppose
  endorse waive suspend recommend include reduce increase declare certify enter continue pass enact ask instruct
  send appoint reject affirm uphold overturn deny`.split(/\s+/),
);

/** Said in the motion but no news: the reading waived, "as presented in the staff report". */
const BOILERPLATE = [
  /,?\s+and\s+waive\s+(?:the\s+)?(?:full\s+|further\s+)?reading(?:\s+of\s+the\s+(?:ordinance|full\s+text))?/gi,
  /,?\s+as\s+presented(?:\s+(?:in\s+the\s+staff\s+report|by\s+staff|tonight))?(?=,|$)/gi,
];

/** The motion as a verb phrase for "voted … to ___": a verb first, boilerplate dropped. */
export function actionPhrase(clause: string): string {
  let text = clause.trim().replace(/[.?!]+$/, '');
  const noun = NOUN_FORM.exec(text);
  if (noun) text = `${NOUN_VERBS[(noun[1] ?? '').toLowerCase()] ?? noun[1]} ${text.slice(noun[0].length)}`;
  if (!PROCEDURAL_BUSINESS.test(text)) for (const pattern of BOILERPLATE) text = text.replace(pattern, '');
  return text.replace(/\s+/g, ' ').trim();
}

export function isVerb(word: string): boolean {
  const lower = word.toLowerCase();
  return MOTION_VERBS.has(lower) || lexiconTags(lower).includes('Infinitive');
}

/** The first clause: cut at a comma (not one inside "November 3, 2026") and before a second "and authorize …". */
export function firstClause(text: string): string {
  const head = text.split(/,\s+(?!\d)|;\s+/)[0] ?? text;
  return head.replace(/\s+and\s+(?:authorize|direct|approve|adopt|include|waive|ask|instruct|allocate|appropriate|award)\b.*$/i, '').trim();
}

export interface HeadlineAction {
  /** Infinitive: "advance", "approve", "order". */
  verb: string;
  /** What it acts on, headline-ready: "410 Main Street rezoning", "$1.2 million Lindgren Park renovation project budget". */
  object: string;
}

const DOCUMENT =
  /^(introduce|adopt|approve|pass|enact)\s+(?:(?:on\s+)?(?:the\s+)?first\s+reading\s+(?:of\s+)?)?(?:the\s+)?(ordinance|resolution|council\s+bill|bill)\b\s*(?:no\.?\s*)?([\w-]*\d[\w.-]*)?,?\s*(?:(\w+ing)\s+(.+))?$/i;
const REZONING = /^(?:the\s+)?(?:proposed\s+)?(?:zoning\s+map\s+amendment|zone\s+change|rezoning|rezone)\s+(?:for|of|at)\s+(.+)$/i;
const FROM_TO = /\s+from\s+[^,]+?\s+to\s+[^,]+$/i;
const TRAILING_MONEY = /^(.+?)\s+(?:of|in\s+the\s+amount\s+of|not\s+to\s+exceed|totaling)\s+(\$[\d.,]+(?:\s+(?:million|billion|thousand))?)$/i;

function polish(object: string): string {
  const rezoning = REZONING.exec(object);
  let text = rezoning ? `${(rezoning[1] ?? '').replace(FROM_TO, '')} rezoning` : object.replace(FROM_TO, '');
  // Headlinese: no leading article, no "the issuance of", bonds are bonds.
  text = text.replace(/\bthe\s+issuance\s+of\s+/i, '').replace(/\bgeneral\s+obligation\s+bonds\b/i, 'bonds');
  const money = TRAILING_MONEY.exec(text);
  if (money) text = `${money[2]} ${(money[1] ?? '').replace(/^the\s+/i, '')}`;
  return text.replace(/^(?:the|an?)\s+/i, '').trim();
}

/**
 * Verb and object for a headline. An ordinance on first reading "advances"; a resolution
 * "establishing water rates" establishes them; otherwise the motion's own first verb.
 * Null when the motion does not start with a verb (garbled captions).
 */
export function headlineAction(action: string): HeadlineAction | null {
  const document = DOCUMENT.exec(action);
  if (document) {
    const firstReading = /^introduce$/i.test(document[1] ?? '') || /first\s+reading/i.test(action);
    const kind = (document[2] ?? '').toLowerCase();
    const [participle, rest] = [document[4], document[5]];
    if (!participle || !rest) return { verb: firstReading ? 'advance' : (document[1] ?? 'adopt').toLowerCase(), object: `${kind} ${document[3] ?? ''}`.trim() };
    const object = firstClause(rest);
    if (firstReading) return { verb: 'advance', object: REZONING.test(object) ? polish(object) : `${kind} ${participle.toLowerCase()} ${polish(object)}` };
    return { verb: headlineVerb(infinitiveOf(participle)), object: polish(object) };
  }
  const [first = '', ...rest] = action.split(/\s+/);
  if (!isVerb(first) || rest.length === 0) return null;
  return { verb: headlineVerb(first), object: polish(firstClause(rest.join(' '))) };
}

/** Headlines prefer the short verb: "sets water rates", not "establishes water rates". */
const SHORT_VERBS: Record<string, string> = { establish: 'set', purchase: 'buy', terminate: 'end', commence: 'begin', modify: 'change' };

function headlineVerb(verb: string): string {
  const lower = verb.toLowerCase();
  return SHORT_VERBS[lower] ?? lower;
}

const DATE_PHRASE = new RegExp(`\\s+(?:on|for|by)\\s+(?:${MONTHS.join('|')})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`, 'i');

/** The object without a date in it, for when a headline runs long. */
export function withoutDate(object: string): string {
  return object.replace(DATE_PHRASE, '');
}
