import { formatDate, formatDay } from '@domain/format.js';
import { meetingDayIn } from '@domain/meeting-day.js';

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
