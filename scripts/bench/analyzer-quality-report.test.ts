import { describe, expect, it } from 'vitest';
import type { FoundDecision } from './analyzer-quality-match.js';
import { decisionTargets, reportDecisions } from './analyzer-quality-report.js';
import { scoreDecisions } from './analyzer-quality-score.js';
import type { ReferenceDecision } from './analyzer-quality-set.js';

const refs: ReferenceDecision[] = [
  { item: 'Docket 0653: parks order', action: 'referred', tally: null, approx_time_s: 100 },
  { item: 'Item 7: beer permit for Secret Cafe', action: 'approved', tally: '8-1', approx_time_s: 300 },
  { item: 'Item 8: zoning appeal', action: 'approved', tally: '9-0', approx_time_s: 500 },
  { item: 'Adjournment', action: 'adjourned', tally: null, approx_time_s: 900 },
];
const found: FoundDecision[] = [
  { time_s: 305, outcome: 'passed', tally: '8-1', item: 'Item 7, beer permit for Secret Cafe', motion: '', evidence: 'The motion carries 8-1.' },
  { time_s: 505, outcome: 'passed', tally: '8-0', item: 'Item 9, a sign variance', motion: '', evidence: 'The motion carries.' },
  { time_s: 700, outcome: 'passed', tally: null, item: null, motion: '', evidence: 'Approved.' },
];
const meetings = [{ file: 'secret-city_2030-01-01_council.md', score: scoreDecisions(refs, found, { gsrTalliesExpected: true }) }];

describe('scoreDecisions', () => {
  it('counts found-right, tallies, precision and wrong items; adjourning is not counted', () => {
    expect(meetings[0]?.score.counts).toEqual({ stated: 3, foundRight: 2, tallyExpected: 2, tallyRight: 1, claimed: 3, claimedRight: 2, contradicted: 0, wrongItem: 1, matched: 2, named: 2 });
  });
});

describe('reportDecisions', () => {
  it('reports a validation set by its totals alone', () => {
    const { lines } = reportDecisions('validation', meetings);
    expect(lines).toEqual(['validation: found-right 2/3 (67%), tallies 1/2, precision 2/3, contradicted 0, wrong item 1, item named 2/2']);
    const text = lines.join('\n');
    for (const secret of ['secret', 'Secret', 'Docket', 'Item', 'MISSED', 'WRONG', 'extra', 'ref ']) expect(text).not.toContain(secret);
  });

  it('reports a development set decision by decision', () => {
    const text = reportDecisions('development', meetings).lines.join('\n');
    expect(text).toContain('secret-city_2030-01-01_council.md');
    expect(text).toContain('MISSED');
    expect(text).toContain('WRONG ITEM');
    expect(text).toContain('extra at 700 s');
  });
});

describe('decisionTargets', () => {
  it('gates on the validation rates and on zero contradictions and wrong items in either set', () => {
    const { total } = reportDecisions('validation', meetings);
    const targets = decisionTargets(total, total);
    expect(targets.filter((t) => t.gating && !t.met).map((t) => t.name)).toEqual([
      '>= 70% of stated decisions found with the right outcome (validation)',
      '>= 80% of their tallies (validation)',
      '>= 90% precision of reported outcomes (validation)',
      '0 decisions attributed to the wrong item (both sets)',
    ]);
    expect(targets.filter((t) => t.name.includes('(development)')).every((t) => !t.gating)).toBe(true);
  });
});
