import { parseNlp } from './nlp.js';

/**
 * Dates said in a meeting, read relative to the meeting day. Explicit "Month D, YYYY" and
 * numeric forms are read by regex (exact and fast); relative phrases ("next Tuesday", "in two
 * weeks") go to compromise-dates. Everything is computed in UTC on calendar days, so the
 * result does not depend on the machine's time zone.
 */
export interface FoundDate {
  /** The words as spoken, e.g. "March 15, 2026" or "next Tuesday". */
  phrase: string;
  /** YYYY-MM-DD when the phrase names one day; null for ranges and vague phrases. */
  iso: string | null;
}

export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const;

const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH_NAME}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`, 'i');
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
/** Words that make a sentence worth handing to compromise-dates at all. */
const DATE_CUE =
  /\b(?:today|tomorrow|tonight|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weeks|month|months|year|quarter|spring|summer|fall|autumn|winter|january|february|march|april|june|july|august|september|october|november|december)\b/i;
/** Stripped before re-parsing, so "by March 15" reads as the day itself (compromise reads a range ending the day before). */
const LEADING_PREPOSITION = /^(?:by|before|until|till|no later than|on|at|the|of)\s+/i;

export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function utcDay(year: number, monthIndex: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, monthIndex, day));
  return date.getUTCMonth() === monthIndex && date.getUTCDate() === day ? date : null;
}

/** A date without a year is the nearest such day not more than two months before the meeting. */
function inferYear(monthIndex: number, day: number, reference: Date): Date | null {
  const sameYear = utcDay(reference.getUTCFullYear(), monthIndex, day);
  if (!sameYear) return null;
  const sixtyDays = 60 * 86_400_000;
  return sameYear.getTime() < reference.getTime() - sixtyDays
    ? utcDay(reference.getUTCFullYear() + 1, monthIndex, day)
    : sameYear;
}

function monthIndexOf(name: string): number {
  const prefix = name.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(prefix));
}

function fullYear(text: string | undefined): number | null {
  if (!text) return null;
  const value = Number(text);
  if (text.length === 2) return 2000 + value;
  return value >= 1900 && value <= 2200 ? value : null;
}

/** "March 15, 2026", "March 15th", "3/15/2026", "2026-03-15"; null when none is present. */
export function findExplicitDate(text: string, reference: Date): FoundDate | null {
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const date = utcDay(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    if (date) return { phrase: iso[0], iso: toIsoDay(date) };
  }
  const named = MONTH_DAY_YEAR.exec(text);
  if (named) {
    const month = monthIndexOf(named[1] ?? '');
    const day = Number(named[2]);
    const year = fullYear(named[3]);
    const date = year === null ? inferYear(month, day, reference) : utcDay(year, month, day);
    if (date) return { phrase: named[0], iso: toIsoDay(date) };
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const month = Number(numeric[1]) - 1;
    const day = Number(numeric[2]);
    const year = fullYear(numeric[3]);
    const date = year === null ? inferYear(month, day, reference) : utcDay(year, month, day);
    if (date) return { phrase: numeric[0], iso: toIsoDay(date) };
  }
  return null;
}

function sameUtcDay(a: string, b: string): boolean {
  return a.slice(0, 10) === b.slice(0, 10);
}

/** Relative and spelled-out phrases through compromise-dates, in UTC, relative to `reference`. */
function findRelativeDate(text: string, reference: Date): FoundDate | null {
  const options = { today: toIsoDay(reference), timezone: 'UTC' };
  const found = parseNlp(text).dates(options);
  const phrases = found.out('array') as string[];
  for (const raw of phrases) {
    const phrase = raw.replace(/[.,;:!?]+$/, '').trim();
    if (!DATE_CUE.test(phrase)) continue; // a bare clock time like "9:39 a.m."
    // "by March 15" means a range ending the day before; the day itself is what was said.
    const bare = phrase.replace(LEADING_PREPOSITION, '').replace(LEADING_PREPOSITION, '');
    const parsed = parseNlp(bare).dates(options).get(0) ?? null;
    if (!parsed?.start) return { phrase: bare || phrase, iso: null };
    const oneDay = parsed.unit === 'day' || (parsed.end !== null && sameUtcDay(parsed.start, parsed.end));
    return { phrase: bare || phrase, iso: oneDay ? parsed.start.slice(0, 10) : null };
  }
  return null;
}

/** The first date said in `text`, or null. `reference` is the meeting day. */
export function findDate(text: string, reference: Date): FoundDate | null {
  const explicit = findExplicitDate(text, reference);
  if (explicit) return explicit;
  if (!DATE_CUE.test(text)) return null;
  return findRelativeDate(text, reference);
}

const ALL_MONTH_DAY = new RegExp(`\\b${MONTH_NAME}\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|(?:of\\s+)?\\d{4})\\b`, 'gi');

/** Every explicit calendar phrase in `text` ("June 25th", "April 30 2021", "November of 2017"). */
export function listDatePhrases(text: string): string[] {
  return [...text.matchAll(ALL_MONTH_DAY)]
    .map((match) => match[0])
    // Lowercase "may" and "march" are usually the verb, unless a full year follows.
    .filter((phrase) => !/^(?:may|march)\s/.test(phrase) || /\d{4}$/.test(phrase));
}

/** A date inside a video title or description ("6/25/19", "June 25, 2019"), used as the meeting day. */
export function findMeetingDate(...texts: Array<string | undefined>): Date | null {
  for (const text of texts) {
    if (!text) continue;
    const found = findExplicitDate(text, new Date(Date.UTC(2000, 0, 1)));
    if (found?.iso && /\d{4}|\/\d{2}\b/.test(found.phrase)) return new Date(`${found.iso}T00:00:00Z`);
  }
  return null;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
