import { describe, expect, it } from 'vitest';
import { mergeActionItems, mergeEntities, mergeHighlights, normalizeName, similarity } from './merge.js';
import { estimateCostUsd, priceFor } from './pricing.js';
import { backoffDelay, readRetryAfter } from './retry.js';
import { toHighlight } from './schemas.js';

describe('merging chunk analyses', () => {
  it('dedupes entities by normalised name, keeping the first', () => {
    const merged = mergeEntities([
      { name: 'The City Council', type: 'organization', context: 'Voted' },
      { name: 'city council', type: 'organization', context: 'Again' },
      { name: 'Lorena González', type: 'person', context: '' },
      { name: 'Lorena Gonzalez', type: 'person', context: 'Chair' },
    ]);
    expect(merged).toEqual([
      { name: 'The City Council', type: 'organization', context: 'Voted' },
      { name: 'Lorena González', type: 'person', context: 'Chair' },
    ]);
    expect(normalizeName('  The Parks Dept. ')).toBe('parks dept');
  });

  it('dedupes action items by similar descriptions, keeping the most specific', () => {
    const merged = mergeActionItems([
      { description: 'Staff will report back on the sidewalk repair budget', responsible_party: 'Not specified', due_date: 'Not specified' },
      { description: 'Staff to report back on sidewalk repair budget', responsible_party: 'Public Works', due_date: 'July 9' },
      { description: 'Approve the library lease', responsible_party: 'Council', due_date: 'Not specified' },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ responsible_party: 'Public Works', due_date: 'July 9' });
    expect(similarity('Approve the library lease', 'Hire a new police chief')).toBe(0);
  });

  it('orders highlights by time and drops the repeats the overlap produces', () => {
    const quote = { text: 'We will fund the repairs this year', speaker: 'Mayor' };
    const merged = mergeHighlights([
      { timestamp: '10:00', start_ms: 600_000, point_of_interest: 'B', quotes: [quote] },
      { timestamp: '1:00', start_ms: 60_000, point_of_interest: 'A', quotes: [] },
      { timestamp: '10:00', start_ms: 600_000, point_of_interest: 'B again', quotes: [] },
      { timestamp: '10:02', start_ms: 602_000, point_of_interest: 'B, same quote', quotes: [{ ...quote, text: 'We will fund the repairs, this year.' }] },
    ]);
    expect(merged.map((h) => h.point_of_interest)).toEqual(['A', 'B']);
  });

  it('snaps a model timestamp to the nearest real segment and shows it as readers see it', () => {
    const starts = [0, 65_000, 3_725_000];
    expect(toHighlight({ timestamp: '0:01:04', point_of_interest: 'x', quotes: [] }, starts)).toMatchObject({ timestamp: '1:05', start_ms: 65_000 });
    expect(toHighlight({ timestamp: '1:02:05', point_of_interest: 'x', quotes: [] }, starts)).toMatchObject({ timestamp: '1:02:05', start_ms: 3_725_000 });
    expect(toHighlight({ timestamp: 'soon', point_of_interest: 'x', quotes: [{ text: ' a ', speaker: '' }] }, starts)).toEqual({
      timestamp: 'soon',
      start_ms: null,
      point_of_interest: 'x',
      quotes: [{ text: 'a', speaker: 'Unidentified speaker' }],
    });
  });
});

describe('pricing', () => {
  it('prices known models, dated snapshots and unknown models', () => {
    expect(priceFor('gpt-4o-mini')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceFor('gpt-4o-mini-2024-07-18')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceFor('gpt-4o-2024-08-06')).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(priceFor('llama3.1:8b')).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
    expect(priceFor('llama3.1:8b', {}, { inputPerMTok: 1, outputPerMTok: 2 })).toEqual({ inputPerMTok: 1, outputPerMTok: 2 });
    expect(estimateCostUsd(priceFor('gpt-4.1-mini'), 1_000_000, 500_000)).toBeCloseTo(1.2, 8);
  });
});

describe('retry timing', () => {
  it('reads retry-after-ms, retry-after seconds and dates, ignoring absurd values', () => {
    expect(readRetryAfter(new Headers({ 'retry-after-ms': '250' }), 0)).toBe(250);
    expect(readRetryAfter(new Headers({ 'retry-after': '2' }), 0)).toBe(2000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(readRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now)).toBe(3000);
    expect(readRetryAfter(new Headers({ 'retry-after': '3600' }), 0)).toBeNull();
    expect(readRetryAfter(new Headers(), 0)).toBeNull();
  });

  it('doubles the delay with jitter up to the cap, and follows Retry-After', () => {
    const options = { baseMs: 100, maxMs: 1000, random: () => 0.5 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, null, options))).toEqual([75, 150, 300, 600, 750]);
    expect(backoffDelay(1, null, { ...options, random: () => 0 })).toBe(50);
    expect(backoffDelay(3, 20, options)).toBe(20);
  });
});
