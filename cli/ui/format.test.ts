import { describe, expect, it } from 'vitest';
import { formatCost, formatCount, formatDuration, formatRate, formatTokens, truncate, truncateKeepingCause } from './format.js';

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

describe('formatCost', () => {
  it('shows four decimals under a dollar', () => {
    expect(formatCost(0.0042)).toBe('$0.0042');
    expect(formatCost(0.0123)).toBe('$0.0123');
    expect(formatCost(0.5)).toBe('$0.5000');
  });

  it('shows cents from a dollar up', () => {
    expect(formatCost(12.344)).toBe('$12.34');
    expect(formatCost(1)).toBe('$1.00');
    expect(formatCost(0.99996)).toBe('$1.00');
  });

  it('handles zero and amounts too small to show', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.00001)).toBe('<$0.0001');
  });
});

describe('formatTokens', () => {
  it('scales to k, M and B', () => {
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(12_300)).toBe('12.3k');
    expect(formatTokens(1_200_000)).toBe('1.20M');
    expect(formatTokens(3_400_000_000)).toBe('3.40B');
  });

  it('moves to the next unit when rounding would reach 1000', () => {
    expect(formatTokens(999_960)).toBe('1.00M');
    expect(formatTokens(999)).toBe('999');
  });
});

describe('formatCount', () => {
  it('pads done to the width of total', () => {
    expect(formatCount(3, 5)).toBe('3/5');
    expect(formatCount(3, 12)).toBe(' 3/12');
    expect(formatCount(120, 120)).toBe('120/120');
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
