import { describe, expect, it } from 'vitest';
import { findDate, findExplicitDate, findMeetingDate, listDatePhrases } from './dates.js';

const meeting = new Date('2026-02-10T00:00:00Z'); // a Tuesday

describe('findDate', () => {
  it('reads "Month D, YYYY" exactly, including after "by"', () => {
    expect(findDate('Direct staff to return with a proposal by March 15, 2026.', meeting)).toEqual({ phrase: 'March 15, 2026', iso: '2026-03-15' });
    expect(findDate('a term to April 30 2021', meeting)?.iso).toBe('2021-04-30');
  });

  it('infers the year of a yearless date from the meeting day', () => {
    expect(findDate('report back at the March 3rd meeting', meeting)?.iso).toBe('2026-03-03');
    // Within two months before the meeting a yearless date stays in the same year; earlier ones roll forward.
    expect(findDate('as we discussed on January 20', meeting)?.iso).toBe('2026-01-20');
    expect(findDate('by October 1', new Date('2026-12-20T00:00:00Z'))?.iso).toBe('2027-10-01');
  });

  it('reads numeric and ISO dates', () => {
    expect(findDate('due 3/15/2026', meeting)?.iso).toBe('2026-03-15');
    expect(findDate('due 2026-03-15', meeting)?.iso).toBe('2026-03-15');
  });

  it('reads relative phrases against the meeting day with compromise-dates', () => {
    expect(findDate('we will take it up on Monday', meeting)?.iso).toBe('2026-02-16');
    expect(findDate('please come back in two weeks', meeting)).toEqual({ phrase: 'in two weeks', iso: '2026-02-24' });
  });

  it('keeps a vague phrase without a day, and ignores clock times and date-free text', () => {
    expect(findDate('we will finish this fall', meeting)).toEqual({ phrase: 'this fall', iso: null });
    expect(findDate('it is 9:39 a.m.', meeting)).toBeNull();
    expect(findDate('thank you all for coming', meeting)).toBeNull();
  });
});

describe('findExplicitDate / findMeetingDate', () => {
  it('rejects impossible days', () => {
    expect(findExplicitDate('February 30, 2026', meeting)).toBeNull();
  });

  it('takes the meeting day from a title with a full date', () => {
    expect(findMeetingDate('Civil Rights Committee 6/25/19')?.toISOString().slice(0, 10)).toBe('2019-06-25');
    expect(findMeetingDate(undefined, 'Regular meeting of March 3, 2026')?.toISOString().slice(0, 10)).toBe('2026-03-03');
    expect(findMeetingDate('Budget workshop', 'no date here')).toBeNull();
  });
});

describe('listDatePhrases', () => {
  it('lists calendar phrases but not the verb "may"', () => {
    expect(listDatePhrases('On June 25th and in November of 2017 we may 2 things; see May 16th.')).toEqual(['June 25th', 'November of 2017', 'May 16th']);
  });
});
