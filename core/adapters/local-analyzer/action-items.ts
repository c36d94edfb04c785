import type { ActionItem } from '../../domain/analysis.js';
import { findDate, toIsoDay, type FoundDate } from './dates.js';
import type { MeetingBody } from './meeting.js';
import type { Sentence } from './sentences.js';
import { contentTokens, ensureTerminalPunctuation, jaccard, truncateWords, trimFiller } from './text.js';

export const NOT_SPECIFIED = 'Not specified';
const MAX_ITEMS = 15;
const DUPLICATE_OVERLAP = 0.6;

const DIRECTION =
  /\b(?:direct(?:s|ed|ing)?\s+(?:the\s+)?(?:city\s+|district\s+)?(?:staff|manager|administration|superintendent|clerk|attorney)|ask(?:s|ed|ing)?\s+(?:the\s+)?staff\s+to|staff\s+(?:will|shall|should|to|is going to|are going to|needs? to)|(?:come|report|circle|get)\s+back\s+(?:to\s+(?:us|the\s+(?:council|board|committee))\s+)?(?:with|on|at|by)|return(?:s|ing)?\s+(?:to\s+(?:the\s+)?(?:council|board|committee)\s+)?with)\b/i;
const MOTION =
  /\b(?:i(?:['’]d|\s+would|\s+will|['’]ll)?(?:\s+like\s+to)?\s+move(?!\s+(?:on|forward|into|along|ahead|over|through|back|away|onto|up|down|around)\b)|i\s+make\s+a\s+motion|(?:a|the|my)\s+motion\s+(?:to|that|would\s+be)|moved\s+and\s+seconded|so\s+moved)\b/i;
const VOTE_OUTCOME =
  /\b(?:motion|ordinance|resolution|amendment|item|bill|appointment|it|that)\s+(?:passes|passed|carries|carried|fails|failed|is\s+(?:approved|adopted|defeated))\b|\bayes\s+have\s+it\b|\b(?:passe[sd]|carrie[sd]|fail(?:s|ed)|approved|adopted)\s+(?:unanimously|\d{1,2}\s*(?:-|to)\s*\d{1,2}\b)/i;
/** Business the body said it will take up: "we'll be approving that this afternoon". */
const SCHEDULED =
  /\b(?:going\s+to\s+be|will\s+be|we['’]ll\s+be|we\s+are|we['’]re)\s+(?:approving|adopting|voting\s+on|taking\s+up|considering)\b|\b(?:possible|final|first)\s+vote\s+on\b/i;
const TALLY = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(?:-|to|–)\s*(\d{1,2}|zero|nothing|none|one|two|three|four|five|six)\b(?![,.]?\d)/i;
/** A count like "4-1" is a vote only next to words like these ("the motion passes 4-1", "voted 5 to 2"). */
const VOTE_CONTEXT = /\b(?:voted|vote\s+(?:of|was|is)|passe[sd]|carrie[sd]|fail(?:s|ed)|ayes?|nays?|approved|adopted|in\s+favou?r|opposed)\b/i;
const DEPARTMENT =
  /\b((?:[A-Z][a-z]+\s+){0,4}(?:Department|Office|Division|Agency|Authority|Bureau|Utilities|Police|Fire)(?:\s+of(?:\s+[A-Z][a-z]+)+)?)\b/;
const NAMED_OFFICIAL = /\b(city (?:manager|clerk|attorney|administrator|engineer)|superintendent|finance director|public works)\b/i;

const WORD_NUMBERS: Record<string, number> = {
  zero: 0, nothing: 0, none: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
  seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

export interface VoteResult {
  outcome: 'passed' | 'failed';
  /** "4-1" when a count was said. */
  tally: string | null;
}

function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (WORD_NUMBERS[word.toLowerCase()] ?? NaN);
}

/** A vote result said in this sentence ("The motion passes 4-1", "carried unanimously"). */
export function readVote(text: string): VoteResult | null {
  const outcome = VOTE_OUTCOME.exec(text);
  const tally = VOTE_CONTEXT.test(text) ? TALLY.exec(text) : null;
  const yes = tally ? toNumber(tally[1] ?? '') : NaN;
  const no = tally ? toNumber(tally[2] ?? '') : NaN;
  const validTally = Number.isFinite(yes) && Number.isFinite(no) && yes + no <= 15 && yes + no > 0;
  if (!outcome && !validTally) return null;
  const failed = /\b(?:fail(?:s|ed)|defeated|den(?:y|ied))\b/i.test(text) || (validTally && yes < no);
  return {
    outcome: failed ? 'failed' : 'passed',
    tally: validTally ? `${yes}-${no}` : /unanimous/i.test(text) ? 'unanimously' : null,
  };
}

/** The words after "I move" / "motion to": what was moved. */
export function motionClause(text: string): string | null {
  const match = MOTION.exec(text);
  if (!match) return null;
  const clause = text
    .slice((match.index ?? 0) + match[0].length)
    .replace(/^\s*(?:to|that|we|the\s+(?:council|board|committee)|would\s+be)\s+/i, '')
    .replace(/^(?:we|the\s+(?:council|board|committee))\s+/i, '')
    .replace(/[.?!]+$/, '')
    .trim();
  return clause.split(/\s+/).length >= 2 ? clause : null;
}

function responsibleForDirection(text: string, body: MeetingBody): string {
  const department = DEPARTMENT.exec(text)?.[1];
  if (department) return department.trim();
  const official = NAMED_OFFICIAL.exec(text)?.[1];
  if (official) return official.replace(/\b\w/g, (c) => c.toUpperCase());
  return body.staff;
}

const PAST = /\b(?:last|ago|yesterday|previous|past|earlier)\b/i;

/** A deadline must lie ahead: dates in the past ("last year", "July 8th" said on the 15th) are context, not due dates. */
function upcoming(found: FoundDate | null, reference: Date): FoundDate | null {
  if (!found || PAST.test(found.phrase)) return null;
  return found.iso === null || found.iso >= toIsoDay(reference) ? found : null;
}

function dueDate(sentence: Sentence, next: Sentence | undefined, reference: Date): string {
  const here = upcoming(findDate(sentence.text, reference), reference);
  // The next sentence counts only when we know the same person is still speaking.
  const sameSpeaker = next !== undefined && sentence.speaker !== null && next.speaker === sentence.speaker;
  const after = !here && sameSpeaker ? upcoming(findDate(next.text, reference), reference) : null;
  const found = here ?? (after?.iso ? after : null);
  return found?.iso ?? found?.phrase ?? NOT_SPECIFIED;
}

const MOTION_LOOKBACK = 12;

interface Found {
  item: ActionItem;
  /** For a vote: the sentence index of the motion it settles. */
  settles?: number;
}

function itemFor(sentences: readonly Sentence[], i: number, body: MeetingBody, reference: Date): Found | null {
  const sentence = sentences[i]!;
  const next = sentences[i + 1];
  const text = sentence.text;
  const describe = (words: string) => truncateWords(ensureTerminalPunctuation(trimFiller(words)), 30);
  const direction = DIRECTION.exec(text);
  if (direction) {
    // From the instruction itself: "I move that we direct staff to …" becomes "Direct staff to …".
    const instruction = text.slice(direction.index);
    const words = instruction.split(/\s+/).length >= 5 ? instruction : text;
    return { item: { description: describe(words), responsible_party: responsibleForDirection(text, body), due_date: dueDate(sentence, next, reference), start_ms: sentence.start_ms } };
  }
  const vote = readVote(text);
  if (vote) {
    const result = `${vote.outcome}${vote.tally ? ` ${vote.tally}` : ''}`;
    for (let j = i; j >= Math.max(0, i - MOTION_LOOKBACK); j--) {
      const clause = motionClause(sentences[j]?.text ?? '');
      if (clause) {
        const description = `Motion to ${truncateWords(clause, 25).replace(/[.]$/, '')} ${result}.`;
        return { item: { description, responsible_party: body.name, due_date: NOT_SPECIFIED, start_ms: sentence.start_ms }, settles: j };
      }
    }
    return { item: { description: `Vote (${result}): ${describe(text)}`, responsible_party: body.name, due_date: NOT_SPECIFIED, start_ms: sentence.start_ms } };
  }
  const scheduled = SCHEDULED.exec(text);
  if (scheduled && text.split(/\s+/).length >= 8 && !/\b(?:agenda|minutes)\b/i.test(text)) {
    const from = text.slice(scheduled.index);
    return { item: { description: `Scheduled: ${describe(from.split(/\s+/).length >= 5 ? from : text)}`, responsible_party: body.name, due_date: dueDate(sentence, next, reference), start_ms: sentence.start_ms } };
  }
  const clause = motionClause(text);
  if (clause) {
    const mover = sentence.speaker ? ` (moved by ${sentence.speaker})` : '';
    return { item: { description: `Motion: ${truncateWords(clause, 25)}${mover}`, responsible_party: body.name, due_date: dueDate(sentence, next, reference), start_ms: sentence.start_ms } };
  }
  return null;
}

/**
 * Rule-based action items: staff directions (with the department or official named nearby and
 * the due date said in the sentence or the next one), vote results (merged with the motion they
 * settle), business scheduled for a vote, and motions. Near-identical items (content-word
 * Jaccard above 0.6, e.g. a motion restated) are kept once.
 */
export function extractActionItems(sentences: readonly Sentence[], body: MeetingBody, reference: Date): ActionItem[] {
  const found: Array<{ item: ActionItem; at: number; tokens: string[] }> = [];
  sentences.forEach((_, i) => {
    if (found.length >= MAX_ITEMS) return;
    const result = itemFor(sentences, i, body, reference);
    if (!result) return;
    const { item, settles } = result;
    if (settles !== undefined) {
      // The vote replaces the bare motion it settles.
      const motion = found.findIndex((f) => f.at === settles && f.item.description.startsWith('Motion:'));
      if (motion !== -1) found.splice(motion, 1);
    }
    const tokens = contentTokens(item.description);
    if (found.some((other) => jaccard(other.tokens, tokens) > DUPLICATE_OVERLAP)) return;
    if (/^\d{4}-\d{2}-\d{2}$/.test(item.due_date)) item.deadline = item.due_date;
    found.push({ item, at: i, tokens });
  });
  return found.map((f) => f.item);
}
