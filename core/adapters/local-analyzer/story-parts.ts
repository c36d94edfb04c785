import { motionClause, readVote, type VoteResult } from './action-items.js';
import { formatLongDate, MONTHS, toIsoDay, WEEKDAYS } from './dates.js';
import type { MeetingBody } from './meeting.js';
import type { Sentence } from './sentences.js';
import { capitalize, contentTokens, STOPWORDS, wordTokens } from './text.js';

const MAX_HEADLINE = 90;
/** How many sentences before a vote the motion it settles may have been made. */
const MOTION_LOOKBACK = 12;

export interface Decision {
  vote: VoteResult | null;
  /** What was moved: "approve the contract with Delgado Construction". */
  clause: string | null;
  start_ms: number;
}

/** The meeting's main decision: the first passed vote with its motion, else the first vote, else the first motion. */
export function findDecision(sentences: readonly Sentence[]): Decision | null {
  const votes: Decision[] = [];
  sentences.forEach((sentence, i) => {
    const vote = readVote(sentence.text);
    if (!vote) return;
    let clause = motionClause(sentence.text);
    for (let j = i - 1; !clause && j >= Math.max(0, i - MOTION_LOOKBACK); j--) clause = motionClause(sentences[j]?.text ?? '');
    votes.push({ vote, clause, start_ms: sentence.start_ms });
  });
  const best = votes.find((d) => d.vote?.outcome === 'passed' && d.clause) ?? votes.find((d) => d.clause) ?? votes[0];
  if (best) return best;
  const moved = sentences.find((sentence) => motionClause(sentence.text));
  return moved ? { vote: null, clause: motionClause(moved.text), start_ms: moved.start_ms } : null;
}

/** Words every meeting repeats; they make no topic. */
const TOPIC_STOP = new Set(
  `council committee commission board meeting member members councilmember people work time year years city
  chair today folks things process percent issue issues number part place case point way day week month
  look looking forward continue continuing make making take taking give bring move moving start keep help love
  happy glad excited proud pleased appreciate working talking doing saying getting trying coming able real
  sure lot job thing monday tuesday wednesday thursday friday saturday sunday january february march april may
  june july august september october november december morning afternoon evening tonight`.split(/\s+/),
);

/** Recurring two-word topics ("navigation team"); single words only when no phrase recurs. */
export function findTopics(sentences: readonly Sentence[], limit = 3): string[] {
  const pairs = new Map<string, number>();
  const singles = new Map<string, number>();
  const isTopical = (w: string | undefined): w is string =>
    w !== undefined && w.length >= 3 && !STOPWORDS.has(w) && !TOPIC_STOP.has(w) && !/\d/.test(w);
  for (const sentence of sentences) {
    const words = wordTokens(sentence.text);
    words.forEach((word, i) => {
      if (!isTopical(word)) return;
      singles.set(word, (singles.get(word) ?? 0) + 1);
      const next = words[i + 1];
      if (isTopical(next)) pairs.set(`${word} ${next}`, (pairs.get(`${word} ${next}`) ?? 0) + 1);
    });
  }
  const rank = (counts: Map<string, number>) => [...counts.entries()].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1]);
  const topics: string[] = [];
  for (const [phrase] of [...rank(pairs), ...rank(singles)]) {
    if (topics.length >= limit) break;
    if (topics.some((topic) => topic.includes(phrase) || phrase.includes(topic))) continue;
    topics.push(phrase);
  }
  return topics;
}

export function aboutMinutes(minutes: number): string {
  return minutes <= 1 ? 'about a minute' : `about ${minutes} minutes`;
}

export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "The Fairview City Council" / "The Civil Rights, Utilities, … Committee" / "The City Council". */
export function bodyTitle(body: MeetingBody, cityName: string | undefined): string {
  const name = cityName && !body.name.toLowerCase().includes(cityName.toLowerCase()) ? `${cityName} ${body.name}` : body.name;
  return /^the\s/i.test(name) ? name : `The ${name}`;
}

/** A headline-length name: the full name when short, else "Seattle committee". */
export function shortBody(body: MeetingBody, cityName: string | undefined): string {
  const full = bodyTitle(body, cityName).replace(/^The\s+/, '');
  if (full.length <= 32) return full;
  return capitalize(cityName ? `${cityName} ${body.noun}` : body.noun);
}

/** "on Tuesday" within the past week of `now`, else "on June 25" (plus the year when it differs). */
export function whenPhrase(meetingDay: Date | null, now: Date): string {
  if (!meetingDay) return '';
  const days = Math.round((Date.parse(toIsoDay(now)) - Date.parse(toIsoDay(meetingDay))) / 86_400_000);
  if (days >= 0 && days <= 6) return days === 0 ? 'today' : `on ${WEEKDAYS[meetingDay.getUTCDay()]}`;
  const month = capitalize(MONTHS[meetingDay.getUTCMonth()] ?? '');
  const year = meetingDay.getUTCFullYear() === now.getUTCFullYear() ? '' : `, ${meetingDay.getUTCFullYear()}`;
  return `on ${month} ${meetingDay.getUTCDate()}${year}`;
}

const TRAILING_SMALL_WORDS = /(?:\s+(?:a|an|the|to|of|for|with|and|or|in|on|at|by|from|as))+$/i;

/** Cuts a headline at a word boundary, without dangling small words or an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const boundary = cut.lastIndexOf(' ');
  return cut.slice(0, boundary > 20 ? boundary : max).replace(/[,;:]$/, '').replace(TRAILING_SMALL_WORDS, '');
}

export function headline(decision: Decision | null, topics: readonly string[], name: string): string {
  const clause = decision?.clause?.replace(/[.?!]+$/, '');
  const tally = decision?.vote?.tally;
  if (decision?.vote && clause) {
    const counted = tally ? ` ${tally}` : '';
    const text = decision.vote.outcome === 'passed' ? `${name} votes${counted} to ${clause}` : `${name} rejects${counted} motion to ${clause}`;
    return clip(text, MAX_HEADLINE);
  }
  if (clause) return clip(`${name} weighs motion to ${clause}`, MAX_HEADLINE);
  if (topics.length > 0) return clip(`${name} takes up ${listPhrase(topics.slice(0, 2))}`, MAX_HEADLINE);
  return clip(`${name} meets`, MAX_HEADLINE);
}

/** The lede: who did what, when, built from the decision or, failing one, the topics. */
export function lede(decision: Decision | null, topics: readonly string[], title: string, when: string, minutes: number | null): string {
  const at = when ? ` ${when}` : '';
  const clause = decision?.clause?.replace(/[.?!]+$/, '');
  const vote = decision?.vote;
  if (vote && clause) {
    if (vote.outcome === 'failed') return `A motion to ${clause} failed${vote.tally ? ` ${vote.tally}` : ''} when the ${title.replace(/^The\s+/, '')} met${at}.`;
    const how = vote.tally ? ` ${vote.tally}` : '';
    return `${title} voted${how}${at} to ${clause}.`;
  }
  if (vote) return `${title}${at ? ` met${at} and` : ''} recorded a vote that ${vote.outcome}${vote.tally ? ` ${vote.tally}` : ''}.`;
  if (clause) return `${title} took up a motion${at} to ${clause}.`;
  const length = minutes ? ` for ${aboutMinutes(minutes)}` : '';
  const focus = topics.length > 0 ? `, with discussion centered on ${listPhrase(topics)}` : '';
  return `${title} met${at}${length}${focus}.`;
}

/** "the navigation team" -> "Navigation team"; used as the story's primary focus. */
export function primaryFocus(decision: Decision | null, topics: readonly string[]): string {
  const clause = decision?.clause?.replace(/[.?!]+$/, '');
  if (clause) return capitalize(clause.split(/\s+/).slice(0, 12).join(' '));
  return topics.length > 0 ? capitalize(listPhrase(topics.slice(0, 2))) : 'Meeting overview';
}

export function describeDue(due: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(due) ? formatLongDate(due) : due;
}

/** Content words shared with the decision, to avoid repeating it in later paragraphs. */
export function overlapsDecision(text: string, decision: Decision | null): boolean {
  if (!decision?.clause) return false;
  const clause = new Set(contentTokens(decision.clause));
  const tokens = contentTokens(text);
  return tokens.filter((t) => clause.has(t)).length >= Math.max(2, clause.size * 0.6);
}
