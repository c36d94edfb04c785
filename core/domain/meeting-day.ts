/**
 * The day a meeting was held, as its title names it (browser-safe: the site's cards and
 * headers, exports' file names and the CLI read it the same way).
 */

/** A real calendar day in UTC, or null for "February 30". */
export function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_NAME = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i;
const NUMERIC = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/;
const ISO_IN_TEXT = /\b(\d{4})-(\d{2})-(\d{2})\b/;

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The day a meeting's title names ("City Council - February 24, 2026", "2/24/26",
 * "2026-02-24") as "2026-02-24", or null when it names none. Channels upload a day or a week
 * after the meeting, so the title is the better witness of when the meeting was held.
 */
export function meetingDayIn(title: string | null | undefined): string | null {
  if (!title) return null;
  const named = MONTH_NAME.exec(title);
  if (named) {
    const month = MONTHS.findIndex((name) => name.startsWith(named[1]!.toLowerCase().slice(0, 3))) + 1;
    const date = calendarDay(Number(named[3]), month, Number(named[2]));
    if (date) return isoOf(date);
  }
  const iso = ISO_IN_TEXT.exec(title);
  if (iso) {
    const date = calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) return isoOf(date);
  }
  const numeric = NUMERIC.exec(title);
  if (numeric) {
    const year = numeric[3]!.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
    const date = calendarDay(year, Number(numeric[1]), Number(numeric[2]));
    if (date) return isoOf(date);
  }
  return null;
}
