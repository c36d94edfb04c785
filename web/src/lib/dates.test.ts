import { describe, expect, it } from 'vitest';
import { meetingDayIn } from '@domain/meeting-day.js';
import { meetingDateLine } from './dates.js';

describe('meetingDayIn', () => {
  it.each([
    ['City Council Regular Meeting - January 13, 2026', '2026-01-13'],
    ['Board of Education Regular Meeting - May 20, 2026', '2026-05-20'],
    ['Planning Commission Sept. 3rd 2025', '2025-09-03'],
    ['Council 2/24/26', '2026-02-24'],
    ['Council meeting 2026-02-24', '2026-02-24'],
  ])('finds the day in %s', (title, day) => {
    expect(meetingDayIn(title)).toBe(day);
  });

  it('finds none in a title without a day', () => {
    expect(meetingDayIn('Budget workshop')).toBeNull();
    expect(meetingDayIn('Council - February 30, 2026')).toBeNull();
    expect(meetingDayIn(null)).toBeNull();
  });
});

describe('meetingDateLine', () => {
  it("tells the meeting's own day when the title names it, not the upload day", () => {
    expect(meetingDateLine('Board of Education - May 20, 2026', '2026-05-21T19:30:00.000Z')).toEqual({ text: 'Held May 20, 2026', dateTime: '2026-05-20' });
  });

  it('says an upload day is the upload day', () => {
    expect(meetingDateLine('Budget workshop', '2026-04-07T19:30:00.000Z')).toEqual({ text: 'Posted April 7, 2026', dateTime: '2026-04-07T19:30:00.000Z' });
    expect(meetingDateLine('Budget workshop', null)).toBeNull();
  });
});
