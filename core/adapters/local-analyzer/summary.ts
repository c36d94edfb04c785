import { isStaffDirection } from './action-items.js';
import type { AgendaItem } from './agenda.js';
import type { Decision } from './decisions.js';
import type { ScoredSentence } from './scoring.js';
import type { Speaker } from './speakers.js';
import { formatTimestamp } from '../../domain/transcript.js';
import { isVerb } from './motion-text.js';
import { plainSubject } from './story-lede.js';
import type { VoteResult } from './votes.js';
import { capitalize, ensureTerminalPunctuation, jaccard, trimFiller } from './text.js';

/** Sentences picked for the summary never repeat each other this much (content-word Jaccard). */
const MAX_OVERLAP = 0.5;
const MAX_SENTENCES = 8;
const MAX_DECISIONS = 3;

export interface SummaryInput {
  sentences: readonly ScoredSentence[];
  decisions: readonly Decision[];
  items: readonly AgendaItem[];
  speakers: ReadonlyMap<string, Speaker>;
  durationMs: number;
  /** False for an untimed transcript: no times in the summary. */
  timed?: boolean;
}

const MAX_SUBJECT_WORDS = 16;

const DOCUMENT_MOTION = /^(adopt|approve|pass|enact|introduce)\s+(?:the\s+)?((?:council\s+bill|resolution|ordinance|bill)\s+(?:no\.?\s*)?[\w-]*\d.*)$/i;
const PARTICIPLES: Record<string, string> = { adopt: 'adopted', approve: 'approved', pass: 'passed', enact: 'enacted', introduce: 'introduced' };
const startsWithVerb = (text: string) => isVerb(text.split(/\s+/)[0] ?? '');

function shorten(text: string): string {
  const words = text.split(/\s+/);
  return words.length > MAX_SUBJECT_WORDS ? `${words.slice(0, MAX_SUBJECT_WORDS).join(' ').replace(/[,;:]$/, '')}…` : text;
}

/**
 * One decision in plain words: "Council Bill 119825 on the city's response … was passed 7-1",
 * "A motion to postpone 9A for two weeks passed", "A vote was taken on the minutes (5-1); the
 * transcript does not make the result clear". A subject that is the motion itself ("adopt
 * Resolution 2026-09 …") is told as the motion, so no verb is said twice.
 */
function decisionLine(decision: Decision, vote: VoteResult): string | null {
  const subject = plainSubject(decision.subject);
  const motion = decision.action ?? (subject && startsWithVerb(subject) ? subject : null);
  const tally = vote.tally ? (vote.tally === 'unanimously' ? ' unanimously' : ` ${vote.tally}`) : '';
  if (!vote.outcome) {
    const what = subject && !startsWithVerb(subject) ? shorten(subject) : motion ? `a motion to ${shorten(motion)}` : null;
    const count = vote.tally && vote.tally !== 'unanimously' ? ` (${vote.tally})` : '';
    return what ? `A vote was taken on ${what}${count}; the transcript does not make the result clear` : null;
  }
  if (subject && !startsWithVerb(subject)) {
    const plural = /^(?:(?:consent\s+)?items|minutes|amendments|appointments|bills|resolutions|ordinances)\b/i.test(subject);
    return `${capitalize(shorten(subject))} ${plural ? 'were' : 'was'} ${vote.word ?? vote.outcome}${tally}`;
  }
  if (!motion) return null;
  // "adopt Resolution 2026-09, establishing water rates …" -> "Resolution 2026-09, establishing water rates …, was adopted 3-2".
  const document = DOCUMENT_MOTION.exec(motion);
  if (document) {
    const done = vote.outcome === 'failed' ? 'rejected' : PARTICIPLES[(document[1] ?? '').toLowerCase()] ?? 'approved';
    const what = shorten(document[2] ?? '');
    return `${capitalize(what)}${what.includes(',') && !what.endsWith('…') ? ',' : ''} was ${done}${tally}`;
  }
  return `A motion to ${shorten(motion)} ${vote.outcome === 'failed' ? 'failed' : 'passed'}${tally}`;
}

/**
 * What was decided, item by item, in meeting order: "Council Bill 119825 on the city's response
 * to the 2020 Covid-19 crisis: passed 7-1 (2:21:39)." A vote whose result the words do not make
 * clear is "a vote was taken (5-1)". Routine business (agenda, minutes, consent) is counted, not listed.
 */
export function decisionLines(decisions: readonly Decision[], timed: boolean): string[] {
  const lines: string[] = [];
  let routine = 0;
  for (const decision of decisions) {
    const vote = decision.vote;
    if (!vote) continue;
    if (decision.procedural) {
      if (vote.outcome === 'passed') routine++;
      continue;
    }
    const line = decisionLine(decision, vote);
    if (!line) continue;
    const at = timed ? ` (${formatTimestamp(decision.start_ms)})` : '';
    lines.push(`${line}${at}.`);
  }
  if (routine > 0 && lines.length === 0) lines.push(`Routine business only (${routine === 1 ? 'one item' : `${routine} items`} approved).`);
  else if (routine > 0) lines.push(`${routine === 1 ? 'One routine item was' : `${routine} routine items were`} also approved.`);
  return lines;
}

function summaryLength(durationMs: number, decisions: number, available: number): number {
  const minutes = durationMs / 60_000;
  const wanted = Math.min(MAX_SENTENCES, Math.max(3, Math.round(minutes / 15) + 2, 2 * decisions + 2));
  return Math.min(wanted, available);
}

function readable(sentence: ScoredSentence): boolean {
  return sentence.words >= 8 && sentence.words <= 60 && !sentence.cues.has('procedural') && !sentence.cues.has('housekeeping') && sentence.score > 0;
}

/** "Madam Mayor, I move …" -> "I move …": an address to the chair is no part of the point. */
const VOCATIVE = /^(?:(?:madam|mister|mr\.?)\s+(?:mayor|chair(?:man|woman)?|president|clerk)|(?:mayor|president|chair)\s+[A-Z][\w'’-]+),\s+/i;

export function summarySentence(text: string): string {
  return ensureTerminalPunctuation(trimFiller(trimFiller(text).replace(VOCATIVE, '')));
}

/**
 * Extractive summary in meeting order. Substance first: the motions behind the weightiest
 * decisions and their results, then directions to staff and the best sentence of each business
 * item, then the best-scoring rest; housekeeping (consent calendar, minutes, roll call) never
 * qualifies. Only fillers and an address to the chair are trimmed from a sentence's start, so
 * every summary sentence is still the meeting's own words.
 */
export function buildSummary({ sentences, decisions, items, speakers, durationMs, timed = true }: SummaryInput): string[] {
  const decided = decisionLines(decisions, timed);
  const discussed = discussedSentences({ sentences, decisions, items, speakers, durationMs });
  if (decided.length === 0) return discussed;
  return [`Decided: ${decided.join(' ')}`, ...(discussed.length > 0 ? [`Discussed: ${discussed.join(' ')}`] : [])];
}

function discussedSentences({ sentences, decisions, items, speakers, durationMs }: SummaryInput): string[] {
  const byScore = [...sentences].sort((a, b) => b.score - a.score || a.index - b.index);
  const pool = byScore.filter(readable);
  const fallback = byScore.filter((s) => s.words >= 4);
  const source = pool.length >= 3 ? pool : fallback.length > 0 ? fallback : byScore;
  const substantive = decisions
    .filter((d) => !d.procedural && d.action)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_DECISIONS);
  const count = summaryLength(durationMs, substantive.length, source.length);

  const preferred: ScoredSentence[] = [];
  const add = (index: number | null) => {
    const sentence = index === null ? undefined : sentences[index];
    if (sentence && sentence.words >= 4) preferred.push(sentence);
  };
  for (const decision of substantive) {
    add(decision.motionIndex ?? decision.voteIndex);
    if (decision.vote?.tally && decision.motionIndex !== null) add(decision.voteIndex);
  }
  const business = (index: number) => items.length === 1 || items.some((item) => item.kind === 'business' && index >= item.from && index < item.to);
  for (const sentence of pool) if (business(sentence.index) && isStaffDirection(sentence, speakers)) preferred.push(sentence);
  for (const item of items) {
    if (item.kind !== 'business' || items.length === 1) continue;
    const best = pool.find((s) => s.index >= item.from && s.index < item.to);
    if (best) preferred.push(best);
  }

  const chosen: ScoredSentence[] = [];
  for (const candidate of [...preferred, ...source]) {
    if (chosen.length >= count) break;
    if (chosen.includes(candidate) || chosen.some((other) => jaccard(other.tokens, candidate.tokens) > MAX_OVERLAP)) continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.index - b.index).map((sentence) => summarySentence(sentence.text));
}
