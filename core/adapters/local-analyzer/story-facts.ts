import type { AnalysisResults } from '../../domain/analysis.js';
import type { Decision as DecisionRecord, DecisionOutcome } from '../../domain/decisions.js';
import { NOT_SPECIFIED } from './action-items.js';
import { findDate, toIsoDay } from './dates.js';
import type { Sentence } from './sentences.js';
import type { Decision } from './decisions.js';
import { headlineAction, withoutDate } from './motion-text.js';
import { plainSubject } from './story-lede.js';
import { aboutMinutes, clipPhrase } from './story-parts.js';
import { truncateWords } from './text.js';
import { formatDay } from '../../domain/format.js';

const NEXT_MEETING =
  /\bnext\s+(?:regular(?:ly scheduled)?\s+|special\s+|council\s+|board\s+|committee\s+|public\s+)*(?:meeting|session|briefing)\b|\b(?:we(?:'ll|\s+will)\s+(?:meet|reconvene)|reconvene|adjourn(?:ed)?\s+(?:to|until))\b/i;

/**
 * The next meeting's day when the transcript names it ("our next regular meeting is April 14,
 * 2026"). The last such announcement wins: the chair usually says it at the close.
 */
export function findNextMeetingDate(sentences: readonly Sentence[], reference: Date): string | null {
  const today = toIsoDay(reference);
  let found: string | null = null;
  sentences.forEach((sentence, i) => {
    if (!NEXT_MEETING.test(sentence.text)) return;
    const date = findDate(sentence.text, reference) ?? findDate(sentences[i + 1]?.text ?? '', reference);
    if (date?.iso && date.iso > today) found = date.iso;
  });
  return found;
}

export function hasDueDates(analysis: AnalysisResults): boolean {
  return analysis.action_items.some((item) => item.due_date.trim() !== '' && item.due_date !== NOT_SPECIFIED);
}

export interface FactsInput {
  analysis: AnalysisResults;
  decision: Decision | null;
  nextMeeting: string | null;
  minutes: number | null;
  /** Amounts said during the main decision's item; without it, the meeting's most mentioned ones. */
  amounts?: readonly string[];
  /** False for a transcript without times: its highlights mark no moment of a video. */
  timed?: boolean;
}

const MAX_FACT_CHARS = 90;

/** "4-1 to advance 410 Main Street rezoning (no: Whitcomb)". */
function voteFact(decision: Decision): string | null {
  const vote = decision.vote;
  if (!vote) return null;
  const parts = decision.action ? headlineAction(decision.action) : null;
  const subject = plainSubject(decision.subject);
  const what = parts ? ` to ${parts.verb} ${withoutDate(parts.object)}` : subject ? ` on ${subject}` : '';
  if (!vote.outcome) return `Vote taken${vote.tally ? ` (${vote.tally})` : ''}; result not clear from the transcript`;
  const result = vote.outcome === 'failed' ? `failed${vote.tally ? ` ${vote.tally}` : ''}` : (vote.tally ?? vote.word ?? vote.outcome);
  const against = decision.against.length > 0 ? ` (no: ${decision.against.map((label) => label.split(' ').pop()).join(', ')})` : '';
  // Cut where a phrase ends, never with an ellipsis mid-name ("… with the Volunteer…").
  return `${clipPhrase(`Vote: ${result}${what}`, MAX_FACT_CHARS)}${against}`;
}

const OUTCOME_NAMES: Record<DecisionOutcome, string> = {
  passed: 'passed', failed: 'failed', postponed: 'postponed', referred: 'referred', withdrawn: 'withdrawn',
  amended: 'amended', other: 'other action', unclear: 'result unclear',
};

/** "Decisions recorded: 14 (12 passed, 1 postponed, 1 referred)": the verified record's count by outcome. */
function decisionsFact(decisions: readonly DecisionRecord[] | undefined): string | null {
  if (!decisions || decisions.length === 0) return null;
  const counts = new Map<DecisionOutcome, number>();
  for (const d of decisions) counts.set(d.outcome, (counts.get(d.outcome) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([outcome, n]) => `${n} ${OUTCOME_NAMES[outcome]}`);
  return `Decisions recorded: ${decisions.length} (${parts.join(', ')})`;
}

/** 3-6 short facts: the vote, the decisions recorded, amounts, deadlines, the next meeting, then counts that always exist. */
export function quickFacts({ analysis, decision, nextMeeting, minutes, amounts, timed = true }: FactsInput): string[] {
  const facts: string[] = [];
  const vote = decision ? voteFact(decision) : null;
  if (vote) facts.push(vote);
  const recorded = decisionsFact(analysis.decisions);
  if (recorded) facts.push(recorded);
  const money = amounts ?? analysis.entities.filter((e) => e.type === 'money').map((e) => e.name);
  for (const amount of money.slice(0, 2)) facts.push(`Amount mentioned: ${amount}`);
  const due = analysis.action_items.filter((a) => a.due_date !== NOT_SPECIFIED && a.due_date.trim() !== '' && !a.description.startsWith('Motion'));
  for (const item of due.slice(0, 2)) {
    facts.push(`Due ${formatDay(item.due_date)}: ${truncateWords(item.description.replace(/[.]$/, ''), 10)}`);
  }
  if (nextMeeting) facts.push(`Next meeting: ${formatDay(nextMeeting)}`);
  if (minutes) facts.push(`Meeting length: ${aboutMinutes(minutes)}`);
  facts.push(`Action items recorded: ${analysis.action_items.length}`);
  facts.push(timed ? `Moments marked in the video: ${analysis.highlights.length}` : `Highlights recorded: ${analysis.highlights.length}`);
  return facts.slice(0, 6);
}

/** The first informative sentence: "Regular meeting of the Fairview City Council." tells a reader nothing new. */
function firstSentence(text: string | undefined, maxWords: number): string | null {
  const clean = (text ?? '').replace(/https?:\/\/\S+/g, '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const sentences = clean.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? [clean];
  const generic = (s: string) => /^\s*(?:regular|special|adjourned)\s+meeting\s+of\b/i.test(s) && s.split(/\s+/).length <= 12;
  const sentence = sentences.find((s) => !generic(s)) ?? sentences[0] ?? clean;
  return truncateWords(sentence.trim(), maxWords);
}

export interface BackgroundInput {
  bodyTitle: string;
  meetingDay: Date | null;
  minutes: number | null;
  description?: string;
}

/** One or two sentences: what the meeting was and where this account comes from. */
export function background(input: BackgroundInput): string {
  const held = input.meetingDay ? ` held ${formatDay(toIsoDay(input.meetingDay))}` : '';
  const length = input.minutes ? `${input.minutes}-minute ` : '';
  const parts = [`This account of the ${input.bodyTitle.replace(/^The\s+/, '')} meeting${held} is drawn from the ${length}video transcript.`];
  // The editor's context steers the story and is never published (issue 24); the description is public already.
  const context = firstSentence(input.description, 40);
  if (context) parts.push(`From the video description: ${context}`);
  return parts.join(' ');
}
