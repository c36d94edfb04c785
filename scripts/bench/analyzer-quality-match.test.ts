import { describe, expect, it } from 'vitest';
import { evidenceOverlap, matchDecisions, type FoundDecision } from './analyzer-quality-match.js';
import type { ReferenceDecision } from './analyzer-quality-set.js';

const ref = (approx_time_s: number, item: string, evidence?: string): ReferenceDecision => ({ item, action: 'approved', tally: '8-0', approx_time_s, ...(evidence ? { evidence } : {}) });
const found = (time_s: number, evidence: string): FoundDecision => ({ time_s, outcome: 'passed', tally: '8-0', item: null, motion: '', evidence });

describe('evidenceOverlap', () => {
  it('is the share of the reference trigrams the found evidence repeats, case and punctuation aside', () => {
    expect(evidenceOverlap('Motion carries 8-0. Next item, please.', 'MOTION CARRIES 8-0 NEXT ITEM PLEASE')).toBe(1);
    expect(evidenceOverlap('The docket will be placed on file.', 'All those in favor say aye.')).toBe(0);
    expect(evidenceOverlap(undefined, 'anything at all')).toBe(0);
  });

  it('does not join sentences the reference separates with "..."', () => {
    // Joined, "discussion please all" and "please all those" would be two more shared trigrams (4/5).
    expect(evidenceOverlap('Any discussion please ... All those in favor', 'any discussion please all those in')).toBeCloseTo(2 / 3);
  });
});

describe('matchDecisions', () => {
  it('pairs by evidence when results sit close together, one to one', () => {
    const refs = [
      ref(100, '9A', 'Motion carries 8-0. Next item, please. 9B is an ordinance'),
      ref(150, '9B', 'Motion carries 8-0. Next item, please. 9C is an ordinance'),
    ];
    // Found times drift: the 9B result is nearer the 9A reference's time.
    const a = found(130, 'Yes. Motion carries 8-0. Next item, please. 9C is an ordinance closing');
    const b = found(60, 'Yes. Motion carries 8-0. Next item, please. 9B is an ordinance amending');
    const matches = matchDecisions(refs, [a, b]);
    expect(matches.map((m) => m.found)).toEqual([b, a]);
  });

  it('falls back to the nearest time without evidence, and leaves a reference unmatched beyond the tolerance', () => {
    const near = found(210, 'The minutes are approved.');
    const far = found(900, 'The minutes are approved.');
    const matches = matchDecisions([ref(200, 'minutes'), ref(600, 'consent')], [far, near]);
    expect(matches.map((m) => m.found)).toEqual([near, null]);
  });

  it('reaches further in time only for evidence that mostly agrees', () => {
    const refs = [ref(100, 'consent', 'Okay, the consent agenda is approved 8-0.')];
    expect(matchDecisions(refs, [found(250, 'Okay, the consent agenda is approved 8-0.')])[0]?.found).not.toBeNull();
    expect(matchDecisions(refs, [found(250, 'Okay, the minutes are approved.')])[0]?.found).toBeNull();
  });

  it('gives one found decision to one reference only', () => {
    const only = found(100, 'The motion carries.');
    const matches = matchDecisions([ref(95, 'a'), ref(105, 'b')], [only]);
    expect(matches.filter((m) => m.found === only)).toHaveLength(1);
  });
});
