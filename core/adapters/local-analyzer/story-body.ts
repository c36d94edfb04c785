import { DIRECTION } from './action-items.js';
import type { Decision } from './decisions.js';
import type { MeetingModel } from './meeting-model.js';
import type { ScoredSentence } from './scoring.js';
import type { NameTracker, SpeakerRole } from './speakers.js';
import { directionSentence, secondReading } from './story-followup.js';
import { listPhrase } from './story-parts.js';
import { attributed, bestVoice, countWord, markUsed, quoteScore, speakersIn, type Voice } from './story-voices.js';
import { capitalize } from './text.js';
import { formatDay } from '../../domain/format.js';

/** What the story paragraphs share: the meeting, who has been named, which sentences are quoted. */
export interface BodyContext {
  model: MeetingModel;
  names: NameTracker;
  used: Set<number>;
  reference: Date;
  /** Cleared once a paragraph has said it. */
  nextMeeting: string | null;
}

export interface Range {
  from: number;
  to: number;
  /** The motion (or the vote when no motion was found). */
  anchor: number;
}

const WINDOW_BEFORE = 40;
const WINDOW_AFTER = 15;

/** The sentences a decision's story draws on: its agenda item, or a window around it. */
export function rangeOf(model: MeetingModel, decision: Decision | null): Range {
  const total = model.sentences.length;
  if (!decision) return { from: 0, to: total, anchor: total };
  const anchor = decision.motionIndex ?? decision.voteIndex ?? 0;
  const item = decision.item;
  if (item && item.kind === 'business') return { from: item.from, to: item.to, anchor };
  return { from: Math.max(0, anchor - WINDOW_BEFORE), to: Math.min(total, anchor + WINDOW_AFTER), anchor };
}

const numbers = (s: ScoredSentence) => Math.min(0.45, (s.text.match(/\d[\d,.]*/g) ?? []).length * 0.15);
const STANCE = /\b(?:but|concern|worr|rather|can['’]t support|won['’]t|not comfortable|voting no|voted no|against|differently)\w*/i;
const stance = (s: ScoredSentence) => (STANCE.test(s.text) ? 0.5 : 0);

function take(ctx: BodyContext, voice: Voice | null): Voice | null {
  return markUsed(ctx.used, voice);
}

function roles(ctx: BodyContext, wanted: readonly SpeakerRole[]): readonly SpeakerRole[] {
  return ctx.model.speakers.size > 0 ? wanted : ['unknown'];
}

/** The nut graf: what the measure does, in the words of the staff who presented it (numbers preferred). */
export function nutGraf(ctx: BodyContext, range: Range): string | null {
  // The staff report comes before the motion; with next to nothing before it, look at the whole item.
  const to = range.anchor - range.from >= 5 ? range.anchor : range.to;
  const first =
    take(ctx, bestVoice(ctx.model, ctx.used, { from: range.from, to, roles: roles(ctx, ['staff']), bonus: numbers, opinion: false })) ??
    take(ctx, bestVoice(ctx.model, ctx.used, { from: range.from, to, roles: roles(ctx, ['official', 'unknown']), bonus: numbers, opinion: false }));
  if (!first) return null;
  const second = first.speaker ? take(ctx, bestVoice(ctx.model, ctx.used, { from: range.from, to, speaker: first.speaker, bonus: numbers, opinion: false })) : null;
  const [a, b] = second && second.index < first.index ? [second, first] : [first, second];
  const lead = `“${a.text.replace(/[.]$/, ',')}” ${ctx.names.ref(a.speaker)} told the ${ctx.model.body.noun}.`;
  return b ? `${lead} “${b.text}”` : lead;
}

/** One council member who voted yes, on why. */
export function supportParagraph(ctx: BodyContext, decision: Decision, range: Range): string | null {
  if (!decision.vote || decision.vote.outcome !== 'passed') return null;
  const against = new Set(decision.against);
  const officials = speakersIn(ctx.model, range.from, decision.voteIndex ?? range.to, ['official']);
  const supporters = (decision.favor.length > 0 ? decision.favor : officials).filter((label) => !against.has(label) && officials.includes(label));
  const voices = supporters.map((speaker) => bestVoice(ctx.model, ctx.used, { from: range.from, to: decision.voteIndex ?? range.to, speaker, bonus: numbers }));
  const best = voices.filter((v): v is Voice => v !== null).sort((x, y) => score(ctx, y) - score(ctx, x))[0];
  if (!take(ctx, best ?? null) || !best) return null;
  // Only a roll call says who voted yes; a voice vote's "4-1" does not name the four.
  const recorded = decision.against.length > 0 && best.speaker !== null && decision.favor.includes(best.speaker);
  return attributed(best.text, ctx.names.ref(best.speaker), recorded ? ', who voted in favor' : '');
}

function score(ctx: BodyContext, voice: Voice): number {
  const sentence = ctx.model.sentences[voice.index];
  return sentence ? quoteScore(sentence, ctx.model) : -Infinity;
}

/** Who voted no, and their stated reason when they gave one. */
export function dissentParagraph(ctx: BodyContext, decision: Decision, range: Range): string | null {
  if (decision.against.length === 0) return null;
  const refs = decision.against.map((label) => ctx.names.ref(label));
  const parts = [refs.length === 1 ? `${capitalize(refs[0] ?? '')} cast the lone vote against it.` : `${capitalize(listPhrase(refs))} voted against it.`];
  for (const label of decision.against.slice(0, 2)) {
    const voice = take(ctx, bestVoice(ctx.model, ctx.used, { from: range.from, to: range.to, speaker: label, bonus: stance }));
    if (voice) parts.push(attributed(voice.text, ctx.names.ref(label)));
  }
  return parts.join(' ');
}

/** What members of the public said on the item: up to three speakers, in the order they spoke. */
export function publicParagraph(ctx: BodyContext, range: Range, hearing: boolean, limit = 3): string | null {
  const labels = speakersIn(ctx.model, range.from, range.to, ['public']);
  if (labels.length === 0) return null;
  const voices = labels
    .map((speaker) => bestVoice(ctx.model, ctx.used, { from: range.from, to: range.to, speaker }))
    .filter((v): v is Voice => v !== null)
    .sort((a, b) => score(ctx, b) - score(ctx, a))
    .slice(0, limit)
    .sort((a, b) => a.index - b.index);
  if (voices.length === 0) return null;
  for (const voice of voices) markUsed(ctx.used, voice);
  const n = labels.length;
  const where = hearing ? 'during the public hearing' : 'on the item';
  const intro = `${countWord(n)} ${n === 1 ? 'person' : 'people'} spoke ${where}.`;
  return [intro, ...voices.map((v) => attributed(v.text, ctx.names.ref(v.speaker)))].join(' ');
}

/** Directions given on the item after the motion, then a second reading if one was set. */
export function nextSteps(ctx: BodyContext, decision: Decision | null, range: Range, skip: ReadonlySet<number>, limit = 2): string | null {
  const parts: string[] = [];
  for (let i = range.anchor; i < range.to && parts.length < limit; i++) {
    const sentence = ctx.model.sentences[i];
    if (!sentence || skip.has(i) || !DIRECTION.test(sentence.text)) continue;
    if (sentence.speaker && ctx.model.speakers.get(sentence.speaker)?.role === 'public') continue;
    const inMotion = decision !== null && sentence.speaker === decision.mover && decision.voteIndex !== null && i < decision.voteIndex;
    const text = directionSentence(i, { model: ctx.model, names: ctx.names, inMotion });
    if (text && !parts.includes(text)) parts.push(text);
  }
  const second = decision?.action ? secondReading(ctx.model, range.anchor, range.to, ctx.reference) : null;
  if (second) {
    const what = /\bordinance\b/i.test(decision?.action ?? '') ? 'The ordinance' : 'The measure';
    const atNext = second === ctx.nextMeeting;
    if (atNext) ctx.nextMeeting = null;
    parts.push(`${what} returns for a second reading ${atNext ? `at the ${ctx.model.body.noun}'s next meeting, on` : 'on'} ${formatDay(second)}.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
