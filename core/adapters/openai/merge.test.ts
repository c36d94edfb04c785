import { describe, expect, it } from 'vitest';
import type { Decision } from '../../domain/decisions.js';
import { mergeActionItems, mergeDecisions, mergeEntities, mergeHighlights, normalizeName, similarity } from './merge.js';
import { estimateModelWork, estimatePlanOf } from './estimate.js';
import { estimateCostUsd, priceFor } from './pricing.js';
import { backoffDelay, readRetryAfter } from './retry.js';
import { toDecision, toHighlight } from './schemas.js';

function decision(overrides: Partial<Decision> & Pick<Decision, 'evidence'>): Decision {
  return { item: null, item_number: null, motion: null, outcome: 'passed', tally: null, vote_kind: null, mover: null, seconder: null, ...overrides };
}
const said = (text: string, start_ms: number | null) => ({ text, start_ms });

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

describe('merging chunk decisions', () => {
  it('keeps one copy of a result two overlapping chunks both saw, the one that says more', () => {
    const fromFirstChunk = decision({ item: 'Oak Street bridge repair contract', motion: 'approve the contract', tally: { yes: 5, no: 0, abstain: null, absent: null }, evidence: [said('All in favor? The motion passes five to zero.', 316_000)] });
    const fromSecondChunk = decision({ evidence: [said('The motion passes five to zero.', 316_000)] });
    expect(mergeDecisions([fromSecondChunk, fromFirstChunk])).toEqual([fromFirstChunk]);
    // Cut differently but the same moment and the same outcome: still one; an unclear copy too.
    const cutElsewhere = decision({ outcome: 'unclear', evidence: [said('The motion passes five to zero. Staff will report back.', 316_000)] });
    expect(mergeDecisions([fromFirstChunk, cutElsewhere])).toEqual([fromFirstChunk]);
  });

  it('keeps apart what only looks alike: the same words at another moment, another item, another result on the line', () => {
    const first = decision({ evidence: [said('The motion carries.', 60_000)] });
    const later = decision({ evidence: [said('The motion carries.', 900_000)] });
    expect(mergeDecisions([later, first])).toEqual([first, later]);

    const roll = said('The resolutions are adopted with six ayes, two excused.', 1_104_000);
    const both = [decision({ item_number: 'Item 2.1', evidence: [roll] }), decision({ item_number: 'Item 2.2', evidence: [roll] })];
    expect(mergeDecisions(both)).toEqual(both);

    const amendment = decision({ outcome: 'failed', evidence: [said('The amendment fails.', 300_000)] });
    const main = decision({ outcome: 'passed', evidence: [said('The main motion passes.', 300_000)] });
    expect(mergeDecisions([amendment, main])).toEqual([amendment, main]);
  });

  it('orders decisions by where they were stated; one with a garbled timestamp stays after the one before it', () => {
    const a = decision({ item: 'a', evidence: [said('Item one passes.', 120_000)] });
    const b = decision({ item: 'b', evidence: [said('Item two passes.', null)] });
    const c = decision({ item: 'c', evidence: [said('Item three passes.', 60_000)] });
    expect(mergeDecisions([a, b, c]).map((d) => d.item)).toEqual(['c', 'a', 'b']);
  });

  it('turns the model decision into the domain record: timestamps snapped, blanks null, no evidence no decision', () => {
    const model = {
      item: ' rezoning of 410 Main Street ',
      item_number: '',
      motion: null,
      outcome: 'passed' as const,
      tally: { yes: 4, no: 1, abstain: null, absent: null },
      vote_kind: 'roll_call' as const,
      unanimous: false,
      mover: 'Councilmember Park',
      seconder: ' ',
      evidence: [
        { text: ' The motion passes four to one. ', timestamp: '0:01:04' },
        { text: '  ', timestamp: '0:01:05' },
      ],
    };
    expect(toDecision(model, [0, 65_000])).toEqual({
      item: 'rezoning of 410 Main Street',
      item_number: null,
      motion: null,
      outcome: 'passed',
      tally: { yes: 4, no: 1, abstain: null, absent: null },
      vote_kind: 'roll_call',
      mover: 'Councilmember Park',
      seconder: null,
      evidence: [{ text: 'The motion passes four to one.', start_ms: 65_000 }],
    });
    expect(toDecision({ ...model, unanimous: true }, [0])).toMatchObject({ unanimous: true });
    expect(toDecision({ ...model, evidence: [{ text: '', timestamp: '0:00:01' }] }, [0])).toBeNull();
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

describe('estimated answer sizes', () => {
  it('counts a meeting’s decisions once in its answers, whether it fits one call or is split into chunks', () => {
    const whole = estimateModelWork(estimatePlanOf({ model: 'gpt-4o-mini' }), { analyses: [40_000], stories: 0 });
    expect(whole).toMatchObject({ calls: 1, tokensOut: 3_000 + 3_000 });
    const split = estimateModelWork(estimatePlanOf({ model: 'gpt-4o-mini', contextTokens: 16_000 }), { analyses: [200_000], stories: 0 });
    const chunks = split.calls - 1; // and one merge of their summaries
    expect(chunks).toBeGreaterThan(1);
    expect(split.tokensOut).toBe(chunks * (3_000 + Math.ceil(3_000 / chunks)) + 600);
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
