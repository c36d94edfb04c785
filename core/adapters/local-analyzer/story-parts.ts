import { MONTHS, toIsoDay, WEEKDAYS } from './dates.js';
import type { MeetingBody } from './meeting.js';
import { lexiconTags } from './nlp.js';
import type { Sentence } from './sentences.js';
import { capitalize, STOPWORDS, wordTokens } from './text.js';

/** Words every meeting repeats; they make no topic. */
const TOPIC_STOP = new Set(
  `council committee commission board meeting member members councilmember people work time year years city
  chair today folks things process percent issue issues number part place case point way day week month
  look looking forward continue continuing make making take taking give bring move moving start keep help love
  happy glad excited proud pleased appreciate working talking doing saying getting trying coming able real
  sure lot job thing monday tuesday wednesday thursday friday saturday sunday january february march april may
  june july august september october november december morning afternoon evening tonight`.split(/\s+/),
);

/**
 * A lone word names a topic only when it can be a thing talked about: not "select" or "present"
 * (adjectives), not the host city nor a person's name, which a meeting repeats without their
 * being its subject. Unknown words ("homelessness", "arena") are mostly nouns and stay.
 */
const NOT_A_TOPIC = /^(?:Adjective|Comparable|Superlative|Adverb|City|Country|Region|Place|Demonym|Preposition|Determiner|Pronoun|Modal|Auxiliary|Copula|Conjunction|FirstName|MaleName|FemaleName|LastName|Honorific)$/;

function canBeTopic(word: string): boolean {
  return !lexiconTags(word).some((tag) => NOT_A_TOPIC.test(tag));
}

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
      if (canBeTopic(word)) singles.set(word, (singles.get(word) ?? 0) + 1);
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

/** A headline-length name: "Fairview council" when the city is known, else the full name when short. */
export function shortBody(body: MeetingBody, cityName: string | undefined): string {
  if (cityName) return `${cityName} ${body.noun}`;
  const full = bodyTitle(body, cityName).replace(/^The\s+/, '');
  return full.length <= 32 ? full : capitalize(body.noun);
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
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const boundary = cut.lastIndexOf(' ');
  return cut.slice(0, boundary > 20 ? boundary : max).replace(/[,;:]$/, '').replace(TRAILING_SMALL_WORDS, '');
}

/** Where a noun phrase may end: before a comma or a word that starts the next phrase. */
const PHRASE_BREAK = /,\s|\s(?=(?:relating|related|regarding|concerning|on|for|with|to|that|which|from|in|at|by|as|and)\s)/g;

/**
 * A headline cut to `max` at the end of a phrase ("… passes Council Bill 119825 on the city's
 * response"), never inside one ("… response to the 2020"); clip's word cut when no phrase ends
 * late enough.
 */
export function clipPhrase(text: string, max: number): string {
  if (text.length <= max) return text;
  let best = -1;
  for (const match of text.matchAll(PHRASE_BREAK)) if ((match.index ?? 0) <= max) best = match.index ?? best;
  return best > max / 2 ? text.slice(0, best).replace(/[,;:]$/, '') : clip(text, max);
}

