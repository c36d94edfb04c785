import { describe, expect, it } from 'vitest';
import { findMatches, segmentAt, splitOnQuery } from './segment-at.js';

describe('transcript helpers', () => {
  const lines = [{ start_ms: 0 }, { start_ms: 4000 }, { start_ms: 9000 }];

  it('finds the line being spoken: the last one started, none before the first', () => {
    expect(segmentAt([{ start_ms: 500 }], 100)).toBe(-1);
    expect(segmentAt(lines, 0)).toBe(0);
    expect(segmentAt(lines, 3999)).toBe(0);
    expect(segmentAt(lines, 4000)).toBe(1);
    expect(segmentAt(lines, 60_000)).toBe(2);
    expect(segmentAt([], 10)).toBe(-1);
  });

  it('finds lines containing the text in any case, and cuts a line around each occurrence', () => {
    const texts = [{ text: 'The Budget passes' }, { text: 'parks' }, { text: 'budget, budget' }];
    expect(findMatches(texts, ' budget ')).toEqual([0, 2]);
    expect(findMatches(texts, '   ')).toEqual([]);
    expect(splitOnQuery('budget, Budget!', 'budget')).toEqual([
      { text: 'budget', match: true },
      { text: ', ', match: false },
      { text: 'Budget', match: true },
      { text: '!', match: false },
    ]);
    expect(splitOnQuery('parks', '')).toEqual([{ text: 'parks', match: false }]);
  });
});
