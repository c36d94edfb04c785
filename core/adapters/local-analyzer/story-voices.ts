import { DIRECTION } from './action-items.js';
import type { MeetingModel } from './meeting-model.js';
import type { ScoredSentence } from './scoring.js';
import { UNNAMED_SPEAKER, type SpeakerRole } from './speakers.js';
import { summarySentence } from './summary.js';
import { truncateWords } from './text.js';
import { isMotion, readVote } from './votes.js';

/**
 * Picking what a story quotes: the sentence a given person said that carries the most (a
 * stance, a number, the topic), never a greeting, a self-introduction or housekeeping. A quote
 * is the sentence itself with only leading fillers and an address to the chair trimmed, so it
 * stays verbatim transcript text and verifies.
 */
export interface Voice {
  index: number;
  /** The sentences quoted: the chosen one, plus a short follow-up by the same speaker ("It's the dark bus stops."). */
  indices: number[];
  speaker: string | null;
  /** Verbatim: trimmed at the start only, cut at a clause end with "…" when long. */
  text: string;
  start_ms: number;
}

const MAX_QUOTE_WORDS = 40;
const STANCE =
  /\b(?:support|oppose|against|concern(?:ed|s)?|worr(?:y|ied|ies)|urge|ask(?:ing)?|please|rather|can['’]t|won['’]t|shouldn['’]t|need|must|should|but|afraid|fair|right|wrong|leverage|benefit|help|hurt)\b/i;
const INTRODUCTION = /^(?:hi|hello|good (?:morning|afternoon|evening)|thank you|thanks|my name is|i['’]m [A-Z]|i am [A-Z])\b/i;

/** "Fourth, it confirms …", "Then I can't support …": a lead-in that only makes sense after the sentence before. */
const LEAD_IN = /^(?:(?:and\s+)?(?:first|second|third|fourth|fifth|finally|then|also|plus|only\s+that)),?\s+/i;
/** Sentences leaning on what came before ("Since then …", "That's …", "They found …"). */
const ANAPHORIC = /^(?:since\s+then|that|this|these|those|it|they|there|he|she)\b|^(?:\S+\s+){0,2}of\s+(?:those|these|them)\b/i;
const FOLLOW_UP_WORDS = 8;

function quoteText(text: string, complete = true): string {
  const trimmed = complete ? summarySentence(text) : `${summarySentence(text).replace(/[.]$/, '').replace(/[,;:]$/, '')}…`;
  const bare = trimmed.replace(LEAD_IN, '');
  const body = bare.length >= 20 ? bare.charAt(0).toUpperCase() + bare.slice(1) : trimmed;
  return truncateWords(body, MAX_QUOTE_WORDS);
}

/** Marks a voice's sentences as quoted. */
export function markUsed(used: Set<number>, voice: Voice | null): Voice | null {
  for (const index of voice?.indices ?? []) used.add(index);
  return voice;
}

/** "My family runs the tire shop …", "I live on Birch Street …": who the speaker is, not what they think. */
const BIOGRAPHY =
  /^(?:I\s+live|I['’]ve\s+lived|my\s+(?:family|wife|husband|name)|I['’]m\s+(?:a|an|the|here\s+(?:with|for))\b|I\s+(?:teach|taught|own|manage|run|work|worked|retired)\b|we['’]ve\s+been\s+there)/i;

/** The chair running the vote ("We have a motion and a second", "All in favor say aye", "Any opposed?") says nothing to quote. */
const PROCEDURE = /\b(?:we\s+have\s+a\s+motion|motion\s+and\s+(?:a\s+)?second|is\s+there\s+a\s+second|all\s+(?:those\s+)?in\s+favou?r|any\s+opposed|call\s+the\s+rol[le]|hearing\s+no\s+objection|any\s+(?:further\s+)?discussion)\b/i;

/**
 * The clerk reading the record ("Docket number 0661, notice was received from the mayor …",
 * "Whereas Walter Lynn Redman passed away …", "Be it resolved …"): the city's words, not anyone's view.
 */
const OFFICIAL_READING =
  /^(?:agenda\s+)?item\s+(?:number\s+)?\w+,?\s+(?:is\s+)?(?:an?\s+)?(?:appointment|resolution|ordinance|(?:council\s+)?bill|report|contract|agreement)\b|\bnotice\s+(?:was\s+|were\s+)?received\s+from\b|\bupon\s+adoption\b|\bis\s+hereby\b|\bdocket\s+(?:number|no\.?)\s|^\s*whereas\b|\bbe\s+it\s+(?:further\s+)?resolved\b|\b(?:an?|the)\s+(?:ordinance|resolution|order)\s+(?:authorizing|approving|amending|relating|establishing|confirming|for\s+the\s+appointment)\b/i;

/** Sentences a story reports in its own words instead of quoting: motions, vote results, directions, announcements. */
function reportedElsewhere(sentence: ScoredSentence, model: MeetingModel): boolean {
  const text = sentence.text;
  if (isMotion(text) || readVote(text) !== null || DIRECTION.test(text) || PROCEDURE.test(text) || OFFICIAL_READING.test(text)) return true;
  // "And that it come back no later than …": the mover still stating the motion.
  const before = model.sentences[sentence.index - 1];
  if (before && before.speaker === sentence.speaker && isMotion(before.text) && /^(?:and\s+)?that\b/i.test(text.trim())) return true;
  return model.items.some((item) => (item.from === sentence.index || item.readAt === sentence.index) && item.title !== '');
}

/**
 * How quotable a sentence is; -Infinity when it should never be quoted. An `opinion` quote
 * (support, dissent, public comment) prefers a stance; a factual one prefers numbers.
 */
const scores = new WeakMap<MeetingModel, Map<number, number>>();

export function quoteScore(sentence: ScoredSentence, model: MeetingModel, opinion = true): number {
  // A story asks about the same sentences many times: remember the answer per model.
  let memo = scores.get(model);
  if (!memo) scores.set(model, (memo = new Map()));
  const key = sentence.index * 2 + (opinion ? 1 : 0);
  const known = memo.get(key);
  if (known !== undefined && model.sentences[sentence.index] === sentence) return known;
  const score = computeScore(sentence, model, opinion);
  if (model.sentences[sentence.index] === sentence) memo.set(key, score);
  return score;
}

function computeScore(sentence: ScoredSentence, model: MeetingModel, opinion: boolean): number {
  if (sentence.words < 7 || sentence.words > 60) return -Infinity;
  // A quote starts where the speaker started the sentence, not where a run-on was cut.
  if (!sentence.opens) return -Infinity;
  if (sentence.cues.has('housekeeping') || (sentence.cues.has('procedural') && sentence.words < 15)) return -Infinity;
  if (reportedElsewhere(sentence, model)) return -Infinity;
  const text = sentence.text.trim();
  const speaker = sentence.speaker ? model.speakers.get(sentence.speaker) : undefined;
  let score = sentence.score;
  if (INTRODUCTION.test(text)) score -= 1;
  const opening = summarySentence(text).replace(LEAD_IN, '');
  if (BIOGRAPHY.test(opening)) score -= 0.5;
  if (ANAPHORIC.test(opening)) score -= 0.3;
  if (speaker && speaker.name.includes(' ') && text.includes(speaker.name)) score -= 1;
  if (speaker?.affiliation) score -= 0.3;
  if (opinion && STANCE.test(text)) score += 0.3;
  if (opinion && sentence.cues.has('agenda')) score -= 0.5;
  if (/\d/.test(text)) score += 0.2;
  if (text.endsWith('?')) score -= 0.6;
  if (sentence.words < 10) score -= 0.2;
  return score;
}

export interface VoiceQuery {
  from: number;
  to: number;
  speaker?: string;
  roles?: readonly SpeakerRole[];
  /** Added to the score, e.g. to prefer numbers in a staff report. */
  bonus?: (sentence: ScoredSentence) => number;
  /** False for a factual quote (a staff report), where a stance earns nothing. */
  opinion?: boolean;
}

/** The best quotable sentence in [from, to) matching the query and not used yet. */
export function bestVoice(model: MeetingModel, used: ReadonlySet<number>, query: VoiceQuery): Voice | null {
  let best: ScoredSentence | null = null;
  let bestScore = -Infinity;
  for (let i = Math.max(0, query.from); i < Math.min(query.to, model.sentences.length); i++) {
    const sentence = model.sentences[i]!;
    if (used.has(i)) continue;
    if (query.speaker !== undefined && sentence.speaker !== query.speaker) continue;
    if (query.roles) {
      const role = sentence.speaker ? (model.speakers.get(sentence.speaker)?.role ?? 'unknown') : 'unknown';
      if (!query.roles.includes(role)) continue;
    }
    const score = quoteScore(sentence, model, query.opinion ?? true) + (query.bonus?.(sentence) ?? 0);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  if (!best || bestScore === -Infinity) return null;
  const voice: Voice = { index: best.index, indices: [best.index], speaker: best.speaker, text: quoteText(best.text, best.complete), start_ms: best.start_ms };
  // A short sentence right after, by the same speaker, often finishes the thought: "… It's the dark bus stops."
  const next = model.sentences[best.index + 1];
  const fits = next && next.speaker === best.speaker && !used.has(next.index) && next.words >= 3 && next.words <= FOLLOW_UP_WORDS;
  const related = (query.opinion ?? true) || /\d/.test(next?.text ?? '');
  if (fits && related && !voice.text.endsWith('…') && quoteScore({ ...next, words: 7 }, model) > -Infinity && best.words + next.words <= MAX_QUOTE_WORDS) {
    voice.text = `${voice.text} ${next.text.trim()}`;
    voice.indices.push(next.index);
  }
  return voice;
}

/** Speakers of a role in [from, to), in order of first appearance. */
export function speakersIn(model: MeetingModel, from: number, to: number, roles: readonly SpeakerRole[]): string[] {
  const found: string[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, model.sentences.length); i++) {
    const label = model.sentences[i]?.speaker;
    if (label && !found.includes(label) && roles.includes(model.speakers.get(label)?.role ?? 'unknown')) found.push(label);
  }
  return found;
}

/**
 * A quote with its attribution, newspaper style: “…,” Whitcomb said. / “…,” said resident
 * Meera Patel. / “Is a hybrid possible?” Okafor asked. A `tail` (", who voted in favor") follows the name.
 */
export function attributed(quote: string, ref: string, tail = ''): string {
  const question = quote.endsWith('?');
  // "… in the U.S." keeps its abbreviation's period: “… in the U.S.,” not “… in the U.S,”.
  const abbreviation = /(?:^|\s)(?:\p{L}\.){2,}$/u.test(quote);
  const text = abbreviation ? `${quote},` : /[.]$/.test(quote) ? `${quote.slice(0, -1)},` : /[?!…,]$/.test(quote) ? quote : `${quote},`;
  const verb = question ? 'asked' : 'said';
  const shortRef = (!/\s/.test(ref) || ref === UNNAMED_SPEAKER) && !tail;
  return shortRef ? `“${text}” ${ref} ${verb}.` : `“${text}” ${verb} ${ref}${tail}.`;
}

/** Counts in words for the start of a sentence: "Three people …". */
export function countWord(n: number): string {
  const words = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
  return words[n] ?? String(n);
}
