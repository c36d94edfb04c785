import type { AgendaItem } from './agenda.js';
import type { Decision } from './decisions.js';
import { firstClause, headlineAction, isVerb, withoutDate } from './motion-text.js';
import { presentTense } from './nlp.js';
import { aboutMinutes, clip, clipPhrase, listPhrase } from './story-parts.js';
import { capitalize } from './text.js';
import { isSplit, type VoteResult } from './votes.js';

const MAX_HEADLINE = 90;
const MAX_SUBJECT_WORDS = 18;
const MAX_SUBJECT_CHARS = 110;
const MAX_ACTION_WORDS = 45;

/** The motion for running text, cut at a clause end (never mid-clause, never with an ellipsis) when very long. */
export function ledeAction(action: string): string {
  const words = action.split(/\s+/);
  if (words.length <= MAX_ACTION_WORDS) return action;
  const head = words.slice(0, MAX_ACTION_WORDS).join(' ');
  const comma = head.lastIndexOf(', ');
  return (comma > 20 ? head.slice(0, comma) : head).replace(/[,;:]$/, '');
}

function tallyOf(decision: Decision): string {
  const tally = decision.vote?.tally;
  return tally ? ` ${tally}` : '';
}

const PRESENT_VERB: Record<string, string> = {
  passed: 'passes', adopted: 'adopts', approved: 'approves', rejected: 'rejects', denied: 'denies', postponed: 'postpones',
  continued: 'continues', tabled: 'tables', 'received and filed': 'receives and files',
  referred: 'refers', withdrawn: 'withdraws', deferred: 'defers', 'placed on file': 'files',
};
const DOCUMENT = /^(?:the\s+)?(council\s+bill|resolution|ordinance|bill)\s+((?:no\.?\s*)?\d[\d-]*(?:\s\d{2,}[\d-]*)*)[,.]?\s*(?:(?:an?\s+)?(?:ordinance|resolution|bill)\s+)?(.*)$/i;
const ABOUT = /^(?:relat(?:ed|ing)\s+to|regarding|concerning|on)\s+/i;
const VOTE_WORDS = /\b(?:ayes?|nays?|motion|seconded|so\s+moved|in\s+favou?r|opposed|roll\s+call|this\s+item|that\s+item)\b/i;

/**
 * A decision's subject in plain words for a headline or lede: "Item 10, council bill 119825 an
 * ordinance related to the city's response to the 2020 Covid-19 crisis, amending …" -> "Council
 * Bill 119825 on the city's response to the 2020 Covid-19 crisis". Null when nothing real is left
 * (a vote phrase, a pronoun, a fragment).
 */
export function plainSubject(subject: string | null): string | null {
  if (!subject) return null;
  let text = subject.replace(/^item\s+\w+(?:,\s*|\s+)/i, '').replace(/\s+/g, ' ').trim();
  const document = DOCUMENT.exec(text);
  if (document) {
    const kind = (document[1] ?? '').replace(/\b\w/g, (c) => c.toUpperCase());
    const rest = firstClause(document[3] ?? '').replace(ABOUT, 'on ');
    text = `${kind} ${document[2] ?? ''}${rest ? ` ${rest}` : ''}`;
  } else {
    text = firstClause(text);
  }
  // A reading cut at a caption boundary ("… in general funds for the") ends on a whole phrase.
  text = text.replace(/^(?:the|an?)\s+/i, '').replace(/[.,;:]+$/, '').replace(/(?:\s+(?:a|an|the|to|of|for|with|and|or|in|on|at|by|from|as|that|which))+$/i, '');
  // A reading cut for length ("… which adopted the 2020") ends where a phrase ends.
  if (text.split(/\s+/).length > MAX_SUBJECT_WORDS) text = clipPhrase(text, MAX_SUBJECT_CHARS);
  const words = text.split(/\s+/);
  if (words.length < 2 || VOTE_WORDS.test(text) || /^(?:it|this|that|these|those)$/i.test(words[0] ?? '')) return null;
  return text;
}

function tallySuffix(vote: VoteResult | null): string {
  return vote?.tally && vote.tally !== 'unanimously' && (isSplit(vote) || vote.outcome === 'failed') ? ` on ${vote.tally} vote` : '';
}

/**
 * "Seattle council passes Council Bill 119825 on the city's response to the 2020 Covid-19 crisis":
 * the decision's subject with the outcome as said; when no decision has a real subject, the
 * neutral "What the Seattle committee decided on June 25, 2019". Never a vote phrase.
 */
export function headline(decision: Decision | null, name: string, day = ''): string {
  const vote = decision?.vote;
  const suffix = tallySuffix(vote ?? null);
  const parts = decision?.action && vote?.outcome ? headlineAction(decision.action) : null;
  const object = parts && sane(parts.object) ? parts.object : null;
  const plain = plainSubject(decision?.subject ?? null);
  // "approves Docket 0688" tells a reader nothing: a number alone is no headline.
  const subject = plain && !/^(?:docket|item|resolution|ordinance|(?:council\s+)?bill|cb)\s+[\w-]+$/i.test(plain) ? plain : null;
  if (parts && object && vote && (!subject || object.split(/\s+/).length > 3 || vote.outcome === 'failed')) {
    const lead = vote.outcome === 'failed' ? `${name} rejects proposal to ${parts.verb}` : `${name} ${presentTense(parts.verb)}`;
    const short = withoutDate(object);
    const variants = [`${lead} ${object}${suffix}`, `${lead} ${short}${suffix}`, `${lead} ${object}`, `${lead} ${short}`];
    return variants.find((v) => v.length <= MAX_HEADLINE) ?? clipPhrase(variants[3] ?? lead, MAX_HEADLINE);
  }
  const word = vote?.word;
  if (subject && word) {
    const deal = dealHeadline(subject);
    if (deal && vote?.outcome === 'passed') return clipPhrase(`${name} ${PRESENT_VERB[word] ?? presentTense(word)} ${deal}${suffix}`, MAX_HEADLINE);
    const verb = PRESENT_VERB[word] ?? presentTense(word);
    // A long title loses its number before its words: "passes bill on the city's response to the 2020 Covid-19 crisis".
    const unnumbered = subject.replace(/^(council\s+bill|resolution|ordinance|bill)\s+(?:no\.?\s*)?\d+(?:[\s-]\d+)*/i, (_, kind: string) => kind.split(/\s+/).pop()!.toLowerCase());
    const variants = [`${name} ${verb} ${subject}${suffix}`, `${name} ${verb} ${withoutDate(subject)}${suffix}`, `${name} ${verb} ${subject}`, `${name} ${verb} ${unnumbered}`];
    return variants.find((v) => v.length <= MAX_HEADLINE) ?? clipPhrase(variants[3] ?? name, MAX_HEADLINE);
  }
  // No decision a headline can stand on: a neutral line, never "meets <date>" or a vote phrase.
  return clip(`What the ${name} decided${day ? ` on ${day}` : ''}`, MAX_HEADLINE);
}

/**
 * "a resolution authorizing the mayor to execute an agreement with the Volunteer Ministry Center to
 * provide $110,000 in general funds" -> "$110,000 agreement with Volunteer Ministry Center": what a
 * reader wants from the commonest kind of council resolution, the deal and who it is with.
 */
const DEAL = /\bauthoriz\w*\s+(?:the\s+)?[\w\s]{0,30}?\bto\s+(?:execute|enter\s+into|sign|award|accept)\s+(?:an?\s+|the\s+)?(agreement|contract|lease|proposal|grant)\s+(?:with|from)\s+(?:the\s+)?(\p{Lu}[^,;]*?)(?=\s+(?:to|for|in|that|which|underwritten)\b|[,;]|$)/iu;
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s+(?:million|billion))?/;

export function dealHeadline(subject: string): string | null {
  const deal = DEAL.exec(subject);
  if (!deal?.[1] || !deal[2] || deal[2].split(/\s+/).length > 8) return null;
  const amount = AMOUNT.exec(subject)?.[0];
  return `${amount ? `${amount} ` : ''}${deal[1].toLowerCase()} with ${deal[2].trim()}`;
}

/** An object a headline can stand on: words, not a vote phrase, a pronoun or caption capitals. */
function sane(object: string): boolean {
  const words = object.split(/\s+/);
  // "approve pending final documentation": a condition, not what was approved.
  if (/^(?:pending|subject\s+to|as\s+amended|as\s+presented|with\s+conditions)\b/i.test(object)) return false;
  return (words.length >= 2 || /\d/.test(object)) && !VOTE_WORDS.test(object) && !/^(?:it|this|that|these|those)\b/i.test(object) && !/\b[A-Z]{2,}\s+[A-Z]{2,}\b/.test(object);
}

/** "a resolution authorizing …", "the consent items": running text needs the article a headline drops ("Resolution 31954" keeps none). */
function withArticle(subject: string): string {
  if (/^(?:consent\s+items|minutes|agenda|introduction\s+and\s+referral\s+calendar)\b/i.test(subject)) return `the ${subject.charAt(0).toLowerCase()}${subject.slice(1)}`;
  if (/^(?:resolution|ordinance|bill|contract|agreement|appointment|proposal|amendment)\s+(?!(?:no\.?\s*)?\d)/i.test(subject)) return `a ${subject.charAt(0).toLowerCase()}${subject.slice(1)}`;
  return subject;
}

/** "The Seattle City Council on August 10 passed Council Bill 119825 …, 7-1." */
export function decisionClause(decision: Decision): string | null {
  const subject = plainSubject(decision.subject);
  const vote = decision.vote;
  if (!subject || !vote) return null;
  const tally = vote.tally ? (vote.tally === 'unanimously' ? ' unanimously' : `, ${vote.tally}`) : '';
  // The subject may be the motion itself ("postpone 9A for two weeks"): "voted to postpone …", not "postponed postpone …".
  const motion = isVerb(subject.split(/\s+/)[0] ?? '');
  if (!vote.outcome) return `took a vote${vote.tally && vote.tally !== 'unanimously' ? ` (${vote.tally})` : ''} on ${motion ? `a motion to ${subject}` : subject}, without a result the transcript makes clear`;
  if (motion) return vote.outcome === 'failed' ? `rejected${tally.replace(/^,/, '')} a motion to ${subject}` : `voted${tally.replace(/^,/, '')} to ${subject}`;
  return `${vote.word ?? 'approved'} ${withArticle(subject)}${tally}`;
}

/** The lede: who decided what, by what vote, when; failing a decision, what the meeting took up. */
export function lede(decision: Decision | null, topics: readonly string[], title: string, when: string, minutes: number | null, recorded = 0): string {
  const at = when ? ` ${when}` : '';
  const object = decision?.action ? headlineAction(decision.action)?.object : null;
  const action = decision?.action && sane(decision.action) && (!object || sane(object)) ? ledeAction(decision.action) : null;
  const vote = decision?.vote;
  const subject = plainSubject(decision?.subject ?? null);
  if (decision && action && vote?.outcome && (!subject || vote.outcome === 'failed' || action.split(/\s+/).length > 3)) {
    if (vote.outcome === 'failed') return `${title}${at} rejected${tallyOf(decision)} a proposal to ${action}.`;
    if (vote.outcome === 'passed') return `${title} voted${tallyOf(decision)}${at} to ${action}.`;
  }
  const clause = decision ? decisionClause(decision) : null;
  if (clause) return `${title}${at} ${clause}.`;
  const length = minutes ? ` for ${aboutMinutes(minutes)}` : '';
  const focus = topics.length > 0 ? `, with discussion centered on ${listPhrase(topics)}` : '';
  const decided = recorded > 0 ? `; the transcript records ${recorded === 1 ? 'one decision' : `${recorded} decisions`}` : '';
  return `${title} met${at}${length}${focus}${decided}.`;
}

/** The decision's subject ("410 Main Street rezoning"), else the topics. */
export function primaryFocus(decision: Decision | null, topics: readonly string[]): string {
  const parts = decision?.action ? headlineAction(decision.action) : null;
  if (parts && sane(parts.object)) return capitalize(parts.object);
  const subject = plainSubject(decision?.subject ?? null);
  if (subject) return capitalize(subject);
  return topics.length > 0 ? capitalize(listPhrase(topics.slice(0, 2))) : 'Meeting overview';
}

/** Business items by their announced titles, headline-short: "2026-27 budget update following the Governor's May Revision". */
export function itemTopics(items: readonly AgendaItem[]): string[] {
  return items
    .filter((item) => item.kind === 'business' && item.title)
    .map((item) => item.title.split(/,\s+(?!\d)/)[0] ?? item.title)
    .map((title) => title.replace(/^(?:the|a|an)\s+/i, '').replace(/^(?:public\s+hearing|study\s+session|proposal)\s+(?:on|to)\s+(?:the\s+)?(?:proposed\s+)?/i, ''))
    .filter((title) => title.split(/\s+/).length <= 12);
}
