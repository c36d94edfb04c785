import type { Decision as DecisionRecord, DecisionOutcome, Tally, VoteKind } from '../../domain/decisions.js';
import type { Decision } from './decisions.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { itemNumber } from './item-numbers.js';
import { spokenDigits } from './text.js';
import type { Outcome } from './votes.js';

/**
 * The meeting model's votes as the analysis's decisions record (core/domain/decisions.ts). Only
 * results the meeting states become decisions: a motion with no result heard is not one. The
 * evidence is the sentences as the transcript has them, so verification finds them word for word.
 */
export function decisionRecords(model: { decisions: readonly Decision[]; sentences: readonly Sentence[]; speakers: ReadonlyMap<string, Speaker> }): DecisionRecord[] {
  const records: DecisionRecord[] = [];
  for (const decision of model.decisions) {
    if (decision.voteIndex === null || !decision.vote) continue;
    const evidence = evidencePassages(decision.evidence, model.sentences);
    if (evidence.length === 0) continue;
    const { item, number } = whatWasDecided(decision);
    records.push({
      item,
      item_number: number,
      motion: decision.clause,
      outcome: OUTCOMES[decision.vote.outcome ?? 'unclear'],
      tally: tallyOf(decision.vote.tally),
      vote_kind: voteKind(decision, model.sentences),
      ...(decision.vote.tally === 'unanimously' || isUnanimousCount(decision.vote.tally) ? { unanimous: true } : {}),
      mover: personOf(decision.mover, model.speakers),
      seconder: personOf(decision.seconder, model.speakers),
      evidence,
    });
  }
  return records;
}

/**
 * A result said in two words ("Motion carries.") occurs all over a meeting and proves nothing on
 * its own (quote verification wants three words or more): it is given with the sentences just
 * before it, as one verbatim passage, until the passage says enough to be found in one place.
 */
const MIN_EVIDENCE_WORDS = 6;
const MAX_LEAD_SENTENCES = 3;

function evidencePassages(indexes: readonly number[], sentences: readonly Sentence[]): Array<{ text: string; start_ms: number }> {
  const passages: Array<{ text: string; start_ms: number }> = [];
  let taken = -1;
  for (const index of indexes) {
    const sentence = sentences[index];
    if (!sentence || index <= taken || sentence.text.trim() === '') continue;
    let from = index;
    const words = (i: number) => sentences.slice(i, index + 1).reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
    while (words(from) < MIN_EVIDENCE_WORDS && from > taken + 1 && index - from < MAX_LEAD_SENTENCES) from--;
    const text = sentences.slice(from, index + 1).map((s) => s.text.trim()).join(' ');
    passages.push({ text, start_ms: sentences[from]!.start_ms });
    taken = index;
  }
  return passages;
}

const OUTCOMES: Record<Outcome | 'unclear', DecisionOutcome> = {
  passed: 'passed',
  failed: 'failed',
  continued: 'postponed',
  referred: 'referred',
  withdrawn: 'withdrawn',
  filed: 'other',
  unclear: 'unclear',
};

/**
 * The item in plain words and its number, from what was said closest to the vote: the result's
 * own words ("Resolution 31 is adopted"), else the motion when it names its matter, else the
 * agenda item the vote is tied to, as the clerk read it. The tied item's number is added only when
 * nothing said names another; never the number of an item the vote was not tied to.
 */
const STANDING_BUSINESS = /\b(?:minutes|agenda|consent|calendar|bills|warrants?)\b/i;

function whatWasDecided(decision: Decision): { item: string | null; number: string | null } {
  const tied = decision.tied;
  const tiedNumber = tied?.number ? `Item ${tied.number}` : null;
  if (decision.subjectFrom === 'result' || decision.subjectFrom === 'motion') {
    const said = itemNumber(decision.subject ?? '') ?? itemNumber(decision.clause ?? '');
    const number = said ?? (/\d/.test(decision.subject ?? '') || standingBusinessApart(decision.subject, tied) ? null : tiedNumber);
    // A motion's words alone, with no number and no item the vote is tied to, stay the motion: they may be a motion the vote did not settle.
    if (decision.subjectFrom === 'motion' && !number && !tied) return { item: null, number: null };
    if (decision.subjectFrom === 'result' && !number && !tied && !STANDING_BUSINESS.test(decision.subject ?? '')) return { item: null, number: null };
    return { item: besidesNumber(plainItem(decision.subject && spokenDigits(decision.subject), said), number), number };
  }
  if (tied) {
    const number = tiedNumber ?? itemNumber(tied.title);
    return { item: besidesNumber(plainItem(tied.title, null), number), number };
  }
  return { item: null, number: null };
}

/**
 * "Consent items are approved" inside item 9A's stretch: the result names standing business (the
 * consent agenda, the minutes, a calendar), which is not the numbered item unless its title says so.
 */
function standingBusinessApart(subject: string | null, tied: Decision['tied']): boolean {
  const standing = STANDING_BUSINESS.exec(subject ?? '')?.[0];
  return standing !== undefined && !new RegExp(`\\b${standing}\\b`, 'i').test(tied?.title ?? '');
}

/** "Docket number 0653" when the number is Docket 0653: the number is all that is known. */
function besidesNumber(item: string | null, number: string | null): string | null {
  const bare = (text: string) => text.toLowerCase().replace(/\bnumber\s+/g, '').replace(/\s+/g, ' ').trim();
  return item && number && bare(item) === bare(number) ? null : item;
}

/** The subject without its leading "Item 7," (the number is given on its own), in a reader's case. */
function plainItem(subject: string | null, number: string | null): string | null {
  if (!subject) return null;
  let text = subject.replace(/\s+/g, ' ').trim();
  if (number?.startsWith('Item ')) text = text.replace(/^(?:agenda\s+)?item\s+\S+?(?:,\s*|\s+|$)/i, '');
  text = text.replace(/[.,;:]+$/, '');
  return text === '' ? null : text;
}

function tallyOf(tally: string | null): Tally | null {
  const match = /^(\d+)-(\d+)$/.exec(tally ?? '');
  return match ? { yes: Number(match[1]), no: Number(match[2]), abstain: null, absent: null } : null;
}

const isUnanimousCount = (tally: string | null): boolean => /^\d+-0$/.test(tally ?? '') && tally !== '0-0';

const ROLL_CALL = /\broll\s+call\b|\bcall\s+the\s+roll\b|\bclerk,?\s+(?:please\s+)?call\b/i;
const VOICE = /\b(?:all\s+(?:those\s+)?in\s+favou?r|those\s+in\s+favou?r|say\s+(?:aye|ay|i)\b|(?:ayes|nays|noes)\s+have\s+it|opposed,?\s+(?:say\s+)?(?:no|nay))/i;
const CONSENT = /\b(?:without\s+objection|(?:hearing|seeing)\s+no\s+objection|no\s+objections?\b|unanimous\s+consent)/i;
/** How many sentences before the result the call for the vote may be. */
const CALL_WINDOW = 8;

/**
 * How the vote was taken, from what was said: members answering by name (three or more answers)
 * or a roll call asked for; "all in favor … say aye"; "without objection". Null when nothing says.
 */
function voteKind(decision: Decision, sentences: readonly Sentence[]): VoteKind | null {
  const at = decision.voteIndex ?? 0;
  if (decision.rollCalled || decision.favor.length + decision.against.length >= 3) return 'roll_call';
  const from = Math.max(decision.motionIndex ?? at - CALL_WINDOW, at - CALL_WINDOW, 0);
  const window = sentences.slice(from, at + 1).map((s) => s.text).join(' ');
  if (CONSENT.test(sentences[at]?.text ?? '') || CONSENT.test(window)) return 'unanimous_consent';
  if (ROLL_CALL.test(window)) return 'roll_call';
  if (VOICE.test(window)) return 'voice';
  return null;
}

/** A speaker a reader can know: the name from the label; diarizer labels ("SPEAKER_01") name no one. */
function personOf(label: string | null, speakers: ReadonlyMap<string, Speaker>): string | null {
  if (!label || /^(?:speaker|spk|unknown)[\s_-]*\d*$/i.test(label.trim())) return null;
  const speaker = speakers.get(label);
  if (!speaker) return label;
  return speaker.title && speaker.role !== 'public' ? `${speaker.title} ${speaker.name}` : speaker.name;
}
