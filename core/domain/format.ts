import { calendarDay } from './meeting-day.js';

/**
 * How money, counts and dates read wherever a person sees them: the site, the terminal and the
 * e-mails. One module, so that `civic report` and the Admin Panel print the same figures for the
 * same run (cli/commands/report-admin-parity.test.ts holds them to it). Browser-safe and free of
 * zod: the web app loads it on most pages.
 */

/** Said wherever a figure is not known (a rate before the first item finishes, an unreadable date). */
export const UNKNOWN = '—';

/**
 * US dollars. Model calls cost fractions of a cent, so under a dollar up to four places are kept
 * (trailing zeros dropped down to cents): '$0.0042', '$0.015', '$0.03'; from a dollar, cents:
 * '$12.34'. A cost too small for four places reads '<$0.0001' rather than free.
 */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return UNKNOWN;
  if (usd <= 0) return '$0.00';
  if (usd < 0.00005) return '<$0.0001';
  const fourPlaces = usd.toFixed(4);
  // Compare the rounded figure, so $0.99996 reads '$1.00' rather than '$1.0000'.
  if (Number(fourPlaces) >= 1) return `$${usd.toFixed(2)}`;
  const [whole, places = ''] = fourPlaces.split('.');
  return `$${whole}.${places.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A large count in a few characters: '950', '12.3k', '1.20M', '3.40B' (model tokens). */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return UNKNOWN;
  const count = Math.max(0, Math.round(n));
  if (count < 1000) return String(count);
  // Compare the rounded figure, so 999,960 reads '1.00M' rather than '1000.0k'.
  if (Number((count / 1e3).toFixed(1)) < 1000) return `${(count / 1e3).toFixed(1)}k`;
  if (Number((count / 1e6).toFixed(2)) < 1000) return `${(count / 1e6).toFixed(2)}M`;
  return `${(count / 1e9).toFixed(2)}B`;
}

/** A whole number with thousands separators: '1,234,567'. */
function formatNumber(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString('en-US') : UNKNOWN;
}

/**
 * A count and its noun, singular for exactly one: '1 meeting', '3 meetings', '0 meetings'.
 * Nouns whose plural is not the singular plus 's' give it: formatCount(2, 'entity', 'entities').
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

// The site's dates: in the reader's own time zone (a meeting at 7 pm in California is on the 3rd
// there, not on the 4th of UTC), in words.
const HUMAN_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const HUMAN_MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// A calendar day ("2026-04-20") is no instant: formatted in UTC so no time zone moves it a day.
const CALENDAR_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateOf(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "March 3, 2026", the site's one date format; empty for a missing or unreadable timestamp. */
export function formatDate(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? HUMAN_DAY.format(date) : '';
}

/** "Mar 3, 2026, 2:05 PM": when something happened to the minute (a revision, a report); empty when unknown. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? HUMAN_MOMENT.format(date) : '';
}

/**
 * A day typed as YYYY-MM-DD (`civic ingest --since`, the exports' `since=`) as its first
 * instant in UTC; null for any other text or a day no calendar has ("2026-02-30").
 */
export function parseDay(text: string): Date | null {
  const match = ISO_DAY.exec(text.trim());
  return match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * A day the analysis or the story names (a next meeting, a due date): "2026-04-20" reads
 * "April 20, 2026"; words the model wrote instead of a date ("Not specified", "next month") are
 * shown as they are.
 */
export function formatDay(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  const date = parseDay(text);
  return date ? CALENDAR_DAY.format(date) : text;
}

/** 'YYYY-MM-DD' of an instant in UTC (file names, exports, the terminal's tables); '—' when unknown. */
export function formatIsoDay(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? date.toISOString().slice(0, 10) : UNKNOWN;
}

/**
 * '2026-03-03 14:05 UTC': the terminal's and the operators' e-mails' timestamp, the same on every
 * machine whatever its time zone, sortable and pasteable into SQL; '—' when unknown.
 */
export function formatUtcMinute(value: Date | string | null | undefined): string {
  const date = dateOf(value);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : UNKNOWN;
}
