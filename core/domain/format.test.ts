import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatDate, formatDay, formatIsoDay, formatUsd, formatUtcMinute, parseDay } from './format.js';

describe('formatUsd', () => {
  it('keeps up to four places under a dollar, so a cheap model call is not shown as free', () => {
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0.015)).toBe('$0.015');
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0.03)).toBe('$0.03');
    expect(formatUsd(0.5)).toBe('$0.50');
  });

  it('says cents from a dollar up, rounding to the figure it shows', () => {
    expect(formatUsd(12.344)).toBe('$12.34');
    expect(formatUsd(1)).toBe('$1.00');
    expect(formatUsd(0.99996)).toBe('$1.00');
  });

  it('says nothing spent as $0.00 and a sliver as under the smallest figure', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.00001)).toBe('<$0.0001');
    expect(formatUsd(Number.NaN)).toBe('—');
  });
});

describe('formatCompact', () => {
  it('says a large count in a few characters', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_300)).toBe('12.3k');
    expect(formatCompact(1_200_000)).toBe('1.20M');
    expect(formatCompact(3_400_000_000)).toBe('3.40B');
  });

  it('moves to the next unit when rounding would reach a thousand', () => {
    expect(formatCompact(999_960)).toBe('1.00M');
    expect(formatCompact(999)).toBe('999');
  });
});

describe('formatCount', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(formatCount(1, 'meeting')).toBe('1 meeting');
    expect(formatCount(0, 'meeting')).toBe('0 meetings');
    expect(formatCount(2, 'meeting')).toBe('2 meetings');
    expect(formatCount(1234, 'video')).toBe('1,234 videos');
    expect(formatCount(3, 'entity', 'entities')).toBe('3 entities');
    expect(formatCount(1, 'entity', 'entities')).toBe('1 entity');
  });
});

describe('the dates', () => {
  it('reads an ISO day as the site reads every date, without a time zone moving it', () => {
    expect(formatDay('2026-04-20')).toBe('April 20, 2026');
    expect(formatDay('2026-01-01')).toBe('January 1, 2026');
  });

  it("keeps the words a writer put instead of a date, and nothing for nothing", () => {
    expect(formatDay('Not specified')).toBe('Not specified');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
    expect(formatDay(null)).toBe('');
  });

  it('says an instant as a day in words on the site, and to the minute in UTC in the terminal', () => {
    expect(formatDate('2026-03-03T12:00:00.000Z')).toBe('March 3, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatUtcMinute('2026-03-03T14:05:59.000Z')).toBe('2026-03-03 14:05 UTC');
    expect(formatUtcMinute(null)).toBe('—');
    expect(formatIsoDay(new Date('2026-03-03T23:59:00.000Z'))).toBe('2026-03-03');
    expect(formatIsoDay('garbage')).toBe('—');
  });
});

describe('parseDay', () => {
  it('reads YYYY-MM-DD as the first instant of that day in UTC', () => {
    expect(parseDay('2026-01-31')?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(parseDay(' 2024-02-29 ')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses a day no calendar has and any other form', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-1-31', '31/01/2026', '2026-01-31T00:00', '']) {
      expect(parseDay(text)).toBeNull();
    }
  });
});
