import { itemAt, itemLabel, type AgendaItem } from './agenda.js';
import { actionPhrase, PROCEDURAL_BUSINESS } from './motion-text.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { numbersNamed } from './item-numbers.js';
import { spokenDigits } from './text.js';
import { isMotion, isSplit, motionClause, namedDissenters, readTally, readVote, rollCallAnswer, withCount, type VoteResult } from './votes.js';

/** A motion and the vote that settled it (either may be missing), ranked by how much it matters. */
export interface Decision {
  motionIndex: number | null;
  voteIndex: number | null;
  /** The motion as a verb phrase: "introduce Ordinance 2026-01, approving …"; null when unknown. */
  action: string | null;
  /** The motion in the mover's words, after "I move"; null when no motion with words was heard. */
  clause: string | null;
  /** Sentences where the result (and the count, when said apart) is stated, in order: the decision's evidence. */
  evidence: number[];
  vote: VoteResult | null;
  mover: string | null;
  /** The speaker label (or name said) of who seconded; null when not heard. */
  seconder: string | null;
  /** Speaker labels (or names said in the result) of those who voted no. */
  against: string[];
  /** The roll was called for this vote (answers were counted one by one). */
  rollCalled?: boolean;
  /** Speaker labels of those who answered "aye" or "yes" at the roll call. */
  favor: string[];
  procedural: boolean;
  weight: number;
  item: AgendaItem | null;
  /** What was decided, in the meeting's words: "Item 5, Resolution 31951 …", "the minutes"; null when unknown. */
  subject: string | null;
  /** Where the subject was read: the result's own words, the motion, or the agenda item the vote is tied to. */
  subjectFrom: 'result' | 'motion' | 'item' | null;
  /** The agenda item the vote is surely about (see ItemTies); null when it cannot be told. */
  tied: AgendaItem | null;
  start_ms: number;
}

/**
 * Subjects that say nothing on their own ("the bill"): the item being voted on says more.
 * "the staff recommendation", "this request", "the original motion": words that name a kind of
 * business, not which one; only a subject with a word of its own (or a number) names an item.
 */
function namesKindOnly(subject: string): boolean {
  const words = subject.toLowerCase().replace(/['’]s\b/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return !words.some((word) => /\d/.test(word) || !KIND_WORDS.has(word));
}
const KIND_WORDS = new Set(
  `the this that these those it its our a an and main original amended substitute substitution staff city first second
  third final last previous same above following bill bills resolution resolutions ordinance ordinances amendment
  amendments motion motions item items docket dockets order orders matter matters calendar report reports
  recommendation recommendations request requests application applications appeal appeals question proposal`.split(/\s+/),
);
/** Result statements this close together, with no new motion between, are one vote told twice ("8 in favor … The motion carries."). */
const SAME_VOTE_SENTENCES = 4;

/** How far back (in sentences and time) a vote may settle a motion: a roll call takes a dozen lines. */
const MAX_GAP_SENTENCES = 60;
const MAX_GAP_MS = 15 * 60_000;

interface Pending {
  index: number;
  clause: string | null;
  mover: string | null;
  seconder: string | null;
  favor: string[];
  against: string[];
  /** The answers counted once the roll was called ("Councilman Smith?" "Yes."); null before. */
  roll: { yes: number; no: number } | null;
}

/** Fewer answers than this are a conversation, not a roll call. */
const MIN_ROLL_ANSWERS = 3;
const ROLL_CALLED = /\broll\s*call\b|\bcall\s+(?:the\s+)?roll\b/i;

/** A roll call heard answer by answer, with or without the speakers' names: the count the clerk may never say. */
function countAnswer(pending: Pending, text: string, answer: 'yes' | 'no' | null): void {
  if (!pending.roll && ROLL_CALLED.test(text)) pending.roll = { yes: 0, no: 0 };
  if (pending.roll && answer) pending.roll[answer]++;
}

/** How many sentences after an unnumbered reading its vote may come. */
const READING_REACH = 30;

/** How many sentences before the motion (or vote) are heard for the number of another matter. */
const TIE_WINDOW = 8;

/** How many sentences after a motion its second may come. */
const SECOND_WITHIN = 4;

/** The member who seconds: "Second.", "I'll second that", or a name in "seconded by Councilmember Ortiz". */
function seconderOf(sentence: Sentence, motion: Sentence): string | null {
  const named = /\bseconded\s+by\s+(?:(?:council\s*member|councilmember|councilor|commissioner|trustee|supervisor|alderman|mr\.?|ms\.?|mrs\.?|dr\.?)\s+)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u.exec(sentence.text);
  if (named) return named[1] ?? null;
  if (!sentence.speaker || sentence.speaker === motion.speaker) return null;
  return /^(?:i(?:['’]ll|\s+will)?\s+)?second(?:ed)?\b(?:\s+(?:it|that|the\s+motion))?[.!]?$/i.test(sentence.text.trim()) ? sentence.speaker : null;
}

/**
 * Whether a vote may be described by the agenda item it falls in (issue 23: never a stale
 * label). Only a business item read with its number or its words qualifies; a number the meeting
 * says for two items is a mishearing of one of them and names neither; and once an item's
 * question has been decided under its label, a later vote in it that names nothing is not
 * assumed to be about it (speech-to-text may have missed the next item's reading).
 */
class ItemTies {
  private readonly consumed = new Set<AgendaItem>();
  private readonly doubled: Set<string>;

  constructor(items: readonly AgendaItem[]) {
    const seen = new Map<string, number>();
    for (const item of items) if (item.number) seen.set(item.number.toUpperCase(), (seen.get(item.number.toUpperCase()) ?? 0) + 1);
    this.doubled = new Set([...seen].filter(([, n]) => n > 1).map(([number]) => number));
  }

  /** `before`: what was said in the item just before the vote; a number of another matter there unties it. */
  tie(item: AgendaItem | null, at: number, before: string): AgendaItem | null {
    if (!item || item.kind !== 'business' || this.consumed.has(item)) return null;
    if (item.number && this.doubled.has(item.number.toUpperCase())) return null;
    if (!item.number && (item.readAt === null || !item.title)) return null;
    // A reading with no item number ("please read docket 0655") names only the business voted on soon after it.
    if (!item.number && item.readAt !== null && at - item.readAt > READING_REACH) return null;
    const own = new Set([...(item.number ? [item.number.replace(/^0+(?=\d)/, '').toUpperCase()] : []), ...numbersNamed(item.title)]);
    return numbersNamed(before).every((number) => own.has(number)) ? item : null;
  }

  /** A decision labelled by the item used its label up, unless it only amended the item's question. */
  use(item: AgendaItem, action: string | null): void {
    if (!/^(?:(?:adopt|approve|pass)\s+(?:an?\s+|the\s+)?)?(?:version\s+\d+\s+of\s+)?amendment\b|^amend\b|^substitut/i.test(action ?? '')) this.consumed.add(item);
  }
}

function publicSpeakers(item: AgendaItem | null, sentences: readonly Sentence[], speakers: ReadonlyMap<string, Speaker>): number {
  if (!item || item.kind !== 'business') return 0;
  const labels = new Set<string>();
  for (let i = item.from; i < item.to; i++) {
    const label = sentences[i]?.speaker;
    if (label && speakers.get(label)?.role === 'public') labels.add(label);
  }
  return labels.size;
}

/** Substance first: named ordinances, money and contracts, split votes, public hearings; housekeeping last. */
function weigh(decision: Decision, speakersInItem: number, longest: AgendaItem | null): number {
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
function longestItem(items: readonly AgendaItem[]): AgendaItem | null {
  let best: AgendaItem | null = null;
  for (const item of items) if (item.kind === 'business' && (item.number || item.title) && (!best || item.to - item.from > best.to - best.from)) best = item;
  return best;
}

function surnameLabel(name: string, speakers: ReadonlyMap<string, Speaker>): string {
  for (const speaker of speakers.values()) if (speaker.surname === name && speaker.role === 'official') return speaker.label;
  for (const speaker of speakers.values()) if (speaker.surname === name) return speaker.label;
  return name;
}

/**
 * Every decision in meeting order. A vote settles the latest motion made within the last
 * MAX_GAP sentences and minutes; the roll call between them tells who voted which way. A vote
 * with no motion found is described by its own subject ("The consent calendar is approved …").
 */
export function findDecisions(sentences: readonly Sentence[], items: readonly AgendaItem[], speakers: ReadonlyMap<string, Speaker>): Decision[] {
  const decisions: Decision[] = [];
  const longest = longestItem(items);
  let pending: Pending | null = null;
  let lastMotion = -1;
  const ties = new ItemTies(items);
  // Only a numbered item announced between them parts a motion from a vote: the clerk reading the
  // moved resolution again before the roll call ("Resolution 31, ordering an election …") does not.
  const numbered = items.filter((item) => item.kind === 'business' && item.number);
  const crossesItem = (from: number, to: number) => numbered.some((item) => item.from > from && item.from <= to);
  // Counted once per item: an item with thousands of votes would otherwise rescan its sentences for each.
  const speakersIn = new Map<AgendaItem | null, number>();
  const speakersOf = (item: AgendaItem | null): number => {
    let count = speakersIn.get(item);
    if (count === undefined) speakersIn.set(item, (count = publicSpeakers(item, sentences, speakers)));
    return count;
  };
  const make = (fields: Omit<Decision, 'procedural' | 'weight' | 'item'>, at: number): Decision => {
    const item = itemAt(items, at);
    const about = `${fields.subject ?? ''} ${fields.action ?? ''}`.trim();
    const procedural = about ? PROCEDURAL_BUSINESS.test(about) && !/\b(?:ordinance|resolution|council\s+bill)\s+\d/i.test(about) : item?.kind !== 'business';
    const decision: Decision = { ...fields, procedural, weight: 0, item };
    decision.weight = weigh(decision, speakersOf(item), longest);
    return decision;
  };
  const flushMotion = (motion: Pending) => {
    if (!motion.clause) return;
    const sentence = sentences[motion.index];
    const action = actionPhrase(motion.clause);
    decisions.push(make({ motionIndex: motion.index, voteIndex: null, action, clause: motion.clause, evidence: [], vote: null, mover: motion.mover, seconder: motion.seconder, against: [], favor: [], subject: null, subjectFrom: null, tied: null, start_ms: sentence?.start_ms ?? 0 }, motion.index));
  };

  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i]!;
    if (pending && !pending.seconder && i - pending.index <= SECOND_WITHIN) pending.seconder = seconderOf(sentence, sentences[pending.index]!);
    const answer = rollCallAnswer(sentence.text);
    if (answer && sentence.speaker && pending) (answer === 'yes' ? pending.favor : pending.against).push(sentence.speaker);
    if (pending) countAnswer(pending, sentence.text, answer);
    const own = readVote(sentence.text);
    const said = own ?? joinedResult(sentences, i);
    const vote = said ? withCount(said, countWindow(sentences, i, decisions[decisions.length - 1]?.voteIndex ?? -1)) : null;
    if (!vote) {
      if (!isMotion(sentence.text)) continue;
      lastMotion = i;
      const clause = motionClause(sentence.text);
      // "It's been moved and seconded" restates the motion on the floor; it does not replace it.
      if (!clause && pending?.clause && !crossesItem(pending.index, i)) continue;
      // "… a motion to postpone it, and if …" then "so we have a motion to postpone 9A for two weeks": one motion, said again more clearly.
      const restated = pending?.clause && clause && sameMotion(pending.clause, clause) && i - pending.index <= MAX_GAP_SENTENCES;
      if (pending && !restated) flushMotion(pending);
      pending = { index: i, clause, mover: sentence.speaker, seconder: null, favor: [], against: [], roll: null };
      continue;
    }
    const previous = decisions[decisions.length - 1];
    if (
      previous?.voteIndex != null && previous.vote && i - previous.voteIndex <= SAME_VOTE_SENTENCES && lastMotion < previous.voteIndex &&
      !namesOtherMatter(previous.vote, vote) && !callsAgain(sentences, previous.voteIndex, i)
    ) {
      mergeResult(previous, vote, subjectOf(vote, null, null).subject);
      previous.evidence.push(i);
      previous.weight = weigh(previous, speakersOf(previous.item), longest);
      continue;
    }
    // A motion made before another item was read belongs to that earlier item, never to this vote.
    const fresh: Pending | null =
      pending && i - pending.index <= MAX_GAP_SENTENCES && sentence.start_ms - (sentences[pending.index]?.start_ms ?? 0) <= MAX_GAP_MS && !crossesItem(pending.index, i) ? pending : null;
    if (pending && !fresh) flushMotion(pending);
    const clause = motionClause(sentence.text) ?? fresh?.clause ?? null;
    if (fresh?.roll && !vote.tally && fresh.roll.yes + fresh.roll.no >= MIN_ROLL_ANSWERS) Object.assign(vote, withCount(vote, `${fresh.roll.yes} in favor ${fresh.roll.no} opposed`));
    const named = namedDissenters(sentence.text).map((name) => surnameLabel(name, speakers));
    const at = fresh?.index ?? i;
    const action = clause ? actionPhrase(clause) : null;
    const inItem = itemAt(items, at);
    const lead = inItem ? sentences.slice(Math.max(inItem.from + 1, at - TIE_WINDOW), i + 1).map((s) => s.text).join(' ') : '';
    const tied = ties.tie(inItem, at, lead);
    const { subject, from } = subjectOf(vote, clause, tied);
    const consent = consentItems(`${subject ?? ''} ${clause ?? ''}`, inItem, items, at);
    if (tied) ties.use(tied, action ?? subject);
    decisions.push(
      make(
        {
          motionIndex: fresh?.index ?? null,
          voteIndex: i,
          action,
          clause,
          evidence: own ? evidenceOf(sentences, i, vote, own) : [i - 1, i],
          vote,
          mover: fresh?.mover ?? null,
          seconder: fresh?.seconder ?? null,
          rollCalled: fresh?.roll != null,
          against: fresh && fresh.against.length > 0 ? fresh.against : named,
          favor: fresh?.favor ?? [],
          subject: consent && subject && !subject.includes(consent) ? `${subject} (${consent})` : subject,
          subjectFrom: from,
          tied,
          start_ms: sentence.start_ms,
        },
        at,
      ),
    );
    pending = null;
  }
  if (pending) flushMotion(pending);
  return decisions;
}

/** The result sentence, and before it the sentence where the clerk said the count when the result itself has none. */
function evidenceOf(sentences: readonly Sentence[], at: number, vote: VoteResult, said: VoteResult): number[] {
  const evidence = [at];
  if (said.tally === vote.tally || !vote.tally) return evidence;
  for (let j = at - 1; j >= Math.max(0, at - COUNT_WINDOW_SENTENCES); j--) {
    if (readTally(sentences[j]!.text)) return [j, ...evidence];
  }
  return evidence;
}

/** "approval to extend 5D and 5E for 60 days" then "extend 5D and 5E for 60 days": one motion, said again. */
function sameMotion(before: string, after: string): boolean {
  if (firstWord(before) === firstWord(after)) return true;
  const words = (text: string) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !/^(?:the|and|for|that|this|with)$/.test(w)));
  const [a, b] = [words(before), words(after)];
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return small.size >= 3 && [...small].every((word) => large.has(word));
}

const firstWord = (clause: string) => clause.split(/\s+/)[0]?.toLowerCase() ?? '';

/** How far back the clerk's count may stand before the result it belongs to. */
const COUNT_WINDOW_SENTENCES = 5;
const COUNT_WINDOW_MS = 30_000;

/** The sentences just before a result, after the previous result: where the clerk says the count. */
function countWindow(sentences: readonly Sentence[], at: number, previousVote: number): string {
  const sentence = sentences[at]!;
  const parts: string[] = [];
  for (let j = at; j > previousVote && j >= at - COUNT_WINDOW_SENTENCES; j--) {
    const before = sentences[j]!;
    if (sentence.start_ms - before.start_ms > COUNT_WINDOW_MS) break;
    parts.unshift(before.text);
  }
  return parts.join(' ');
}

/**
 * Speech-to-text may cut the result in two ("Clerk the motion." / "Carries the introduction and
 * referral calendar is amended."): a short fragment said just before is read with the sentence,
 * and only an outcome (not a count alone) is taken from the pair.
 */
function joinedResult(sentences: readonly Sentence[], at: number): VoteResult | null {
  const sentence = sentences[at]!;
  const before = sentences[at - 1];
  if (!before || before.text.split(/\s+/).length > 4 || sentence.start_ms - before.end_ms > 3_000 || before.speaker !== sentence.speaker) return null;
  // A whole result just before ("Consent items are approved.") is its own statement, not the first half of this one.
  if (readVote(before.text)) return null;
  const joined = `${before.text.replace(/[.!?]+$/, '')} ${sentence.text.charAt(0).toLowerCase()}${sentence.text.slice(1)}`;
  const vote = readVote(joined);
  return vote?.outcome ? vote : null;
}

/**
 * The result's own subject when it names one; else the motion when it says what it does (an
 * item may hold several motions: a rate resolution, then a direction to staff, each voted on
 * its own); else the item read before the vote ("Council Bill 119825" for "I move the bill
 * pass"); else whatever the motion says.
 */
function subjectOf(vote: VoteResult, clause: string | null, item: AgendaItem | null): Subject {
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

const MAX_MATTER_WORDS = 30;

/** "adopt Resolution 2026-09, establishing water rates …" does; "pass the bill" and "approve it" do not. */
export function namesItsMatter(action: string): boolean {
  const words = action.split(/\s+/).filter((word) => !/^(?:the|this|that|it|a|an|to|and|as|be|is)$/i.test(word));
  // Forty words of captions after "I move" are the rest of the speech, not the matter.
  if (words.length > MAX_MATTER_WORDS) return false;
  return words.length >= 5 || (words.length >= 2 && /\d/.test(action));
}

/** A call for a vote ("all those in favor …", "call the roll") said since the last result: what follows settles another question. */
const VOTE_CALL = /\b(?:all|those)\s+(?:those\s+)?in\s+favou?r\b|\broll\s+call\b|\bcall\s+the\s+roll\b|\bplease\s+read\b/i;

function callsAgain(sentences: readonly Sentence[], previous: number, at: number): boolean {
  for (let j = previous + 1; j <= at; j++) {
    const text = sentences[j]?.text ?? '';
    const call = VOTE_CALL.exec(text);
    // The call must come before this sentence's result, not after it ("… passes. All those in favor of the next …").
    if (call && (j < at || readVote(text.slice(0, call.index)) === null)) return true;
  }
  return false;
}

/** "… the calendar is adopted as amended. … The agenda is adopted.": two results, each naming its own matter. */
function namesOtherMatter(before: VoteResult, after: VoteResult): boolean {
  const named = (subject: string | null) => (subject && !namesKindOnly(subject) ? subject.toLowerCase().replace(/^(?:the|this|that)\s+/, '') : null);
  const [first, second] = [named(before.subject), named(after.subject)];
  if (first !== null && second !== null) return first !== second;
  // "It passes 4-1." then "Docket 0653 will be referred …": another outcome, for a matter of its own.
  return second !== null && before.outcome !== null && after.outcome !== null && before.outcome !== after.outcome;
}

/** A second statement of the same result: the count or the outcome words it adds; disagreement voids the outcome. */
function mergeResult(decision: Decision, vote: VoteResult, subject: string | null): void {
  const before = decision.vote!;
  const outcomes = [before.outcome, vote.outcome].filter((o) => o !== null);
  const conflict = before.conflict || vote.conflict || new Set(outcomes).size > 1 || tallyContradicts(outcomes[0] ?? null, before.tally ?? vote.tally);
  const outcome = conflict ? null : (outcomes[0] ?? null);
  decision.vote = {
    outcome,
    word: outcome ? (before.word ?? vote.word) : null,
    tally: before.tally && before.tally !== 'unanimously' ? before.tally : (vote.tally ?? before.tally),
    conflict,
    subject: before.subject ?? vote.subject,
  };
  if (subject && (!decision.subject || (vote.subject && !namesKindOnly(vote.subject)))) {
    decision.subject = subject;
    decision.subjectFrom = 'result';
  }
}

function tallyContradicts(outcome: VoteResult['outcome'], tally: string | null): boolean {
  const match = /^(\d+)-(\d+)$/.exec(tally ?? '');
  if (!match || !outcome) return false;
  const [yes, no] = [Number(match[1]), Number(match[2])];
  return (outcome === 'passed' && yes <= no) || (outcome === 'failed' && yes > no);
}

const CONSENT = /\bconsent\s+(?:items?|agenda|calendar)\b/i;
/** "11K through M", "2.1 through 2.4", "4, 5 and 7": the items a consent reading lists. */
const LISTED = /\b(?:items?\s+)?(\d{1,3}(?:\.\d+)?[A-Z]?(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*-\s*|\s+through\s+|\s+to\s+|\s+thru\s+)(?:\d{1,3}(?:\.\d+)?[A-Z]?|[A-Z]\b))+)/;

/**
 * A consent agenda is one decision with its items read into it: the list the chair or clerk read
 * for the consent agenda in the stretch the vote belongs to ("Consent items are 11K through M").
 */
function consentItems(said: string, item: AgendaItem | null, items: readonly AgendaItem[], at: number): string | null {
  if (!CONSENT.test(said)) return null;
  const reading = [item, ...items.filter((other) => other.to <= at && at - other.to < CONSENT_REACH)].find((other) => other && CONSENT.test(other.title));
  const listed = reading ? LISTED.exec(reading.title)?.[1] : null;
  return listed ? `items ${listed}` : null;
}
const CONSENT_REACH = 20;

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
