import { itemAt, itemCallIndex, type AgendaItem } from './agenda.js';
import { consentItems, ItemTies, namesKindOnly, subjectOf } from './decision-subject.js';
import { longestItem, publicSpeakers, weigh } from './decision-weight.js';
import { CALL_FOR_VOTE, callsAgain, countWindow, evidenceOf, joinedResult, namesOtherMatter, VOTE_CALL } from './result-statements.js';
import { actionPhrase, PROCEDURAL_BUSINESS } from './motion-text.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { isMotion, motionClause, namedDissenters, readVote, rollCallAnswer, withCount, type VoteResult } from './votes.js';

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
  /** The chair called for the vote ("all those in favor …") after the motion was made. */
  called: boolean;
}

/** Fewer answers than this are a conversation, not a roll call. */
const MIN_ROLL_ANSWERS = 3;
const ROLL_CALLED = /\broll\s*call\b|\bcall\s+(?:the\s+)?roll\b/i;

/** The chair called for the vote on the motion, or the roll was answered: its result came, heard or not. */
const voteCalled = (motion: Pending): boolean => motion.called || (motion.roll !== null && motion.roll.yes + motion.roll.no >= MIN_ROLL_ANSWERS);

/** A roll call heard answer by answer, with or without the speakers' names: the count the clerk may never say. */
function countAnswer(pending: Pending, text: string, answer: 'yes' | 'no' | null): void {
  if (!pending.roll && ROLL_CALLED.test(text)) pending.roll = { yes: 0, no: 0 };
  if (pending.roll && answer) pending.roll[answer]++;
  if (VOTE_CALL.test(text)) pending.called = true;
}

/** How many sentences before the motion (or vote) are heard for the number of another matter. */
const TIE_WINDOW = 8;
/** How many are heard for the item being named again, when the vote is far from its reading (ItemTies). */
const REMINDER_WINDOW = 20;

/** "The amendment is adopted", "the substitute passes": the result of a change to the item on the floor. */
const AMENDMENT_RESULT = /\b(?:the|this|that)\s+(?:amendments?|substitut\w*)\s+(?:is\s+|was\s+|has\s+been\s+)?(?:adopted|approved|passe[sd]|carrie[sd]|fail(?:s|ed))\b/i;

/** How many sentences after a motion its second may come. */
const SECOND_WITHIN = 4;

/** The member who seconds: "Second.", "I'll second that", or a name in "seconded by Councilmember Ortiz". */
function seconderOf(sentence: Sentence, motion: Sentence): string | null {
  const named = /\bseconded\s+by\s+(?:(?:council\s*member|councilmember|councilor|commissioner|trustee|supervisor|alderman|mr\.?|ms\.?|mrs\.?|dr\.?)\s+)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u.exec(sentence.text);
  if (named) return named[1] ?? null;
  if (!sentence.speaker || sentence.speaker === motion.speaker) return null;
  return /^(?:i(?:['’]ll|\s+will)?\s+)?second(?:ed)?\b(?:\s+(?:it|that|the\s+motion))?[.!]?$/i.test(sentence.text.trim()) ? sentence.speaker : null;
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
    const action = motion.clause ? actionPhrase(motion.clause) : null;
    // The vote on it was called (or the roll answered) and its result went unheard: the item had its
    // vote, so a later vote in that stretch is another matter's. A bare "so moved" may have been an
    // amendment's, and the item's own vote still to come: its label is then lost, which says less;
    // kept, it could name the next item's vote when that item's reading went unheard.
    const item = itemAt(items, motion.index);
    if (item && voteCalled(motion)) ties.use(item, action);
    if (!motion.clause) return;
    const sentence = sentences[motion.index];
    decisions.push(make({ motionIndex: motion.index, voteIndex: null, action, clause: motion.clause, evidence: [], vote: null, mover: motion.mover, seconder: motion.seconder, against: [], favor: [], subject: null, subjectFrom: null, tied: null, start_ms: sentence?.start_ms ?? 0 }, motion.index));
  };

  // A vote called with no motion heard ("We have a motion and a second. All in favor, say aye."):
  // the item it falls in had its vote, whose result may go unheard too.
  let calledAt: number | null = null;
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i]!;
    if (!pending && calledAt === null && CALL_FOR_VOTE.test(sentence.text)) calledAt = i;
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
      // The next motion came with no result heard for the called vote: that vote used its item up.
      const calledItem = calledAt === null ? null : itemAt(items, calledAt);
      if (calledItem && !crossesItem(calledAt!, i)) ties.use(calledItem, null);
      calledAt = null;
      const clause = motionClause(sentence.text);
      // "It's been moved and seconded" restates the motion on the floor; it does not replace it.
      if (!clause && pending?.clause && !crossesItem(pending.index, i)) continue;
      // "… a motion to postpone it, and if …" then "so we have a motion to postpone 9A for two weeks": one motion, said again more clearly.
      // Once the vote on it was called, the same words again are the next item's motion.
      const restated = pending?.clause && clause && !voteCalled(pending) && sameMotion(pending.clause, clause) && i - pending.index <= MAX_GAP_SENTENCES;
      if (pending && !restated) flushMotion(pending);
      pending = { index: i, clause, mover: sentence.speaker, seconder: null, favor: [], against: [], roll: null, called: false };
      continue;
    }
    calledAt = null;
    const previous = decisions[decisions.length - 1];
    if (
      previous?.voteIndex != null && previous.vote && i - previous.voteIndex <= SAME_VOTE_SENTENCES && lastMotion < previous.voteIndex &&
      !namesOtherMatter(previous.vote, vote) && !callsAgain(sentences, previous.voteIndex, i)
    ) {
      mergeResult(previous, vote, subjectOf(vote, null, null).subject);
      if (previous.tied && !previous.clause && AMENDMENT_RESULT.test(sentence.text)) untie(previous, ties);
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
    const reading = readingAfterResult(sentence.text);
    const runOn = reading !== null && items.some((item) => item.from === at);
    const inItem = itemAt(items, runOn ? at - 1 : at);
    const heard = runOn ? sentence.text.slice(0, reading) : sentence.text;
    // What was said in the item in the `window` sentences before the motion, up to the result.
    const saidBefore = (window: number) => (inItem ? [...sentences.slice(Math.max(inItem.from + 1, at - window), i).map((s) => s.text), heard].join(' ') : '');
    // "The amendment is adopted" with its motion unheard settles a change to the item, not the item itself.
    const amendsOnly = !clause && AMENDMENT_RESULT.test(sentence.text);
    const tied = amendsOnly ? null : ties.tie(inItem, at, saidBefore(TIE_WINDOW), { vote: i, near: saidBefore(REMINDER_WINDOW), action });
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

/**
 * Captions without punctuation run a result into the next item's reading ("the bill passes …
 * item number three will the clerk please read …"): the result, said first, settles the item before.
 * Where that reading starts, or null.
 */
function readingAfterResult(text: string): number | null {
  const call = itemCallIndex(text);
  return call !== null && call > 0 && readVote(text.slice(0, call)) !== null ? call : null;
}

/** "Eight in favor." then "The amendment is adopted.": the count was an amendment's, so the item it fell in is still open. */
function untie(decision: Decision, ties: ItemTies): void {
  ties.release(decision.tied!);
  decision.tied = null;
  if (decision.subjectFrom === 'item') Object.assign(decision, { subject: null, subjectFrom: null });
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
