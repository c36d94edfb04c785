const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
// A calendar day ("2026-04-20") is no instant: formatted in UTC so no time zone moves it a day.
const CALENDAR_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "March 3, 2026" in the reader's own time zone (a meeting at 7 pm in California is on the
 * 3rd there, not on the 4th of UTC). Empty for a missing or unreadable timestamp.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * A day the analysis or the story names (a next meeting, a due date): "2026-04-20" reads
 * "April 20, 2026", the site's one date format; words the model wrote instead of a date
 * ("Not specified", "next month") are shown as they are.
 */
export function formatDay(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  const match = ISO_DAY.exec(text);
  const date = match && calendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? CALENDAR_DAY.format(date) : text;
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

/** What a meeting card or header says of the meeting's date, and the `dateTime` of its <time>. */
export interface MeetingDateLine {
  text: string;
  dateTime: string;
}

/**
 * The one way a meeting's date is told across the site: the day the title names ("Held
 * February 24, 2026"), else the upload day said as such ("Posted April 7, 2026"), so a reader
 * never takes the upload day for the meeting's. Null without either.
 */
export function meetingDateLine(title: string | null | undefined, publishedAt: string | null | undefined): MeetingDateLine | null {
  const held = meetingDayIn(title);
  if (held) return { text: `Held ${formatDay(held)}`, dateTime: held };
  const posted = formatDate(publishedAt);
  return posted && publishedAt ? { text: `Posted ${posted}`, dateTime: publishedAt } : null;
}
