import type { AgendaItem } from './agenda.js';
import { namesItsMatter } from './decision-weight.js';
import type { Decision } from './decisions.js';
import { nextSteps, nutGraf, publicParagraph, rangeOf, type BodyContext, type Range } from './story-body.js';
import { decisionClause, ledeAction } from './story-lede.js';
import { listPhrase } from './story-parts.js';
import { attributed, bestVoice, countWord, markUsed, speakersIn } from './story-voices.js';
import { capitalize } from './text.js';
import { formatDay } from '../../domain/format.js';

/** Later paragraphs: other business, general public comment, more voices, the next meeting. */
const MAX_OTHER = 4;

type Entry = { at: number; decision: Decision } | { at: number; item: AgendaItem };

function decisionParagraph(ctx: BodyContext, decision: Decision, lead: string, skip: ReadonlySet<number>, main: Decision | null): string {
  const range = rangeOf(ctx.model, decision);
  const vote = decision.vote;
  const clause = decisionClause(decision);
  const tally = vote?.tally ? ` ${vote.tally}` : '';
  const action = decision.action ? ledeAction(decision.action) : null;
  const parts = [
    action && vote?.outcome === 'failed'
      ? `${lead} rejected${tally} a proposal to ${action}.`
      : action && vote?.outcome === 'passed'
        ? `${lead} voted${tally} to ${action}.`
        : clause
          ? `${lead} ${clause}.`
          : `${lead} took up a motion to ${action ?? 'act'}.`,
  ];
  if (decision.against.length > 0) parts.push(`${capitalize(listPhrase(decision.against.map((l) => ctx.names.ref(l))))} voted no.`);
  // Public comment on the main decision's item has been reported already.
  const shared = main !== null && decision.item !== null && decision.item === main.item;
  const voice = shared ? null : bestVoice(ctx.model, ctx.used, { from: range.from, to: range.anchor, roles: ['public'] });
  if (voice) {
    markUsed(ctx.used, voice);
    parts.push(attributed(voice.text, ctx.names.ref(voice.speaker)));
  }
  const next = nextSteps(ctx, decision, range, skip, 1);
  if (next) parts.push(next);
  return parts.join(' ');
}

function itemParagraph(ctx: BodyContext, item: AgendaItem, lead: string, skip: ReadonlySet<number>): string | null {
  const range: Range = { from: item.from, to: item.to, anchor: item.from };
  const staff = nutGraf(ctx, { ...range, anchor: item.to });
  const voices = publicParagraph(ctx, range, item.hearing, 1);
  const next = nextSteps(ctx, null, range, skip, 1);
  if (!staff && !voices && !next) return null;
  const title = item.title.replace(/^(?:a|an)\s+/i, 'a ').replace(/[.]$/, '');
  return [`${lead} took up ${title}.`, staff, voices, next].filter(Boolean).join(' ');
}

/**
 * "In other business, …": the remaining substantive decisions and the business items that
 * had none (a study session, a budget update), in meeting order.
 */
export function otherBusiness(ctx: BodyContext, main: Decision | null): string[] {
  const { decisions, items } = ctx.model;
  const skip = new Set(decisions.flatMap((d) => (d.motionIndex === null ? [] : [d.motionIndex])));
  const entries: Entry[] = decisions
    // A motion with no result heard is told only when it says what it would do ("a motion to do that" says nothing).
    .filter((d) => d !== main && !d.procedural && ((d.vote && (d.action || d.subject)) || (!d.vote && d.action && namesItsMatter(d.action))))
    .map((decision) => ({ at: decision.motionIndex ?? decision.voteIndex ?? 0, decision }));
  const decided = new Set(decisions.map((d) => d.item));
  for (const item of items) {
    if (item.kind === 'business' && item.title && !decided.has(item) && item !== main?.item) entries.push({ at: item.from, item });
  }
  const paragraphs: string[] = [];
  const told = new Set<string>();
  for (const entry of entries.sort((a, b) => a.at - b.at)) {
    if (paragraphs.length >= MAX_OTHER) break;
    // "In other business" only after a main decision: without one, the business is the news.
    const lead = paragraphs.length > 0 ? `The ${ctx.model.body.noun} also` : main ? `In other business, the ${ctx.model.body.noun}` : `The ${ctx.model.body.noun}`;
    const text = 'decision' in entry ? decisionParagraph(ctx, entry.decision, lead, skip, main) : itemParagraph(ctx, entry.item, lead, skip);
    // Two votes read alike ("… a motion to approve pending final documentation") are told once.
    const said = text?.slice(lead.length).toLowerCase();
    if (text && said !== undefined && !told.has(said)) {
      told.add(said);
      paragraphs.push(text);
    }
  }
  return paragraphs;
}

/** What residents raised in general public comment, on matters not on the agenda. */
export function generalComment(ctx: BodyContext): string | null {
  const voices = ctx.model.items
    .filter((item) => item.kind === 'public-comment')
    .flatMap((item) => speakersIn(ctx.model, item.from, item.to, ['public']).map((speaker) => ({ item, speaker })))
    .slice(0, 2)
    .map(({ item, speaker }) => bestVoice(ctx.model, ctx.used, { from: item.from, to: item.to, speaker }))
    .filter((voice) => voice !== null);
  if (voices.length === 0) return null;
  for (const voice of voices) markUsed(ctx.used, voice);
  const intro = voices.length === 1 ? 'One person spoke during general public comment.' : `${countWord(voices.length)} people spoke during general public comment.`;
  return [intro, ...voices.map((v) => attributed(v.text, ctx.names.ref(v.speaker)))].join(' ');
}

/**
 * For captions without speaker names: two more notable passages, since no one can be credited
 * by name. Their order is stated only when it is true (the passage comes after everything the
 * story quoted before it); who said them is never guessed ("another speaker" may be the same one).
 */
export function moreMoments(ctx: BodyContext): string | null {
  if (ctx.model.speakers.size > 0) return null;
  const parts: string[] = [];
  for (let n = 0; n < 2; n++) {
    const voice = bestVoice(ctx.model, ctx.used, { from: 0, to: ctx.model.sentences.length });
    if (!voice) break;
    const later = ctx.used.size > 0 && [...ctx.used].every((used) => voice.index > used);
    markUsed(ctx.used, voice);
    parts.push(`${later ? 'Later in the meeting, a speaker said' : n === 0 ? 'A speaker also said' : 'At another point, a speaker said'}: “${voice.text}”`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

export function closing(ctx: BodyContext): string | null {
  if (!ctx.nextMeeting) return null;
  return `The ${ctx.model.body.noun}'s next meeting is scheduled for ${formatDay(ctx.nextMeeting)}.`;
}
