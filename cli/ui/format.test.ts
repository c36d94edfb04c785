import { describe, expect, it } from 'vitest';
import { formatDoneOfTotal, formatDuration, formatRate, truncate, truncateKeepingCause } from './format.js';

describe('formatDuration', () => {
  it('shows seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(3720)).toBe('1h 02m');
    expect(formatDuration(90_000)).toBe('25h 00m');
  });

  it('rounds before choosing the unit', () => {
    expect(formatDuration(59.6)).toBe('1m 00s');
    expect(formatDuration(41.4)).toBe('41s');
  });

  it('clamps negatives and marks nonsense as unknown', () => {
    expect(formatDuration(-3)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatRate', () => {
  it('uses per second from one a second up', () => {
    expect(formatRate(1.23)).toBe('1.2/s');
    expect(formatRate(1)).toBe('1.0/s');
    expect(formatRate(42)).toBe('42.0/s');
  });

  it('uses per minute below one a second', () => {
    expect(formatRate(14 / 60)).toBe('14/min');
    expect(formatRate(0.5 / 60)).toBe('0.5/min');
    expect(formatRate(0)).toBe('0.0/min');
  });

  it('marks nonsense as unknown', () => {
    expect(formatRate(Number.NaN)).toBe('—');
    expect(formatRate(-1)).toBe('—');
  });
});

describe('formatDoneOfTotal', () => {
  it('pads done to the width of total', () => {
    expect(formatDoneOfTotal(3, 5)).toBe('3/5');
    expect(formatDoneOfTotal(3, 12)).toBe(' 3/12');
    expect(formatDoneOfTotal(120, 120)).toBe('120/120');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a rather long council meeting title', 10)).toBe('a rather…');
    expect(truncate('line one\nline two', 40)).toBe('line one line two');
    expect(truncate('abc', 10).length).toBeLessThanOrEqual(10);
  });
});

describe('truncateKeepingCause', () => {
  const reason = 'analysis failed: OpenAI request failed after 3 retries: 429 Too Many Requests';

  it('keeps short text and the whole cause of a long one, cutting what led to it', () => {
    expect(truncateKeepingCause('captions disabled', 40)).toBe('captions disabled');
    const cut = truncateKeepingCause(reason, 60);
    expect(cut).toBe('analysis failed: OpenAI request fail…: 429 Too Many Requests');
    expect(cut.length).toBeLessThanOrEqual(60);
  });

  it('cuts the middle when the cause alone does not fit, keeping both ends', () => {
    const cut = truncateKeepingCause(`${'x'.repeat(100)}END`, 40);
    expect(cut.length).toBe(40);
    expect(cut.startsWith('xxx')).toBe(true);
    expect(cut.endsWith('END')).toBe(true);
    expect(cut).toContain('…');
  });
});
