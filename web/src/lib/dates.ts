import { calendarDay, meetingDayIn } from '../../../core/domain/meeting-day.js';

export { meetingDayIn };

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
