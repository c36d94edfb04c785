import { describe, expect, it } from 'vitest';
import { analyzerOutcome, outcomesContradict, parseTally, referenceOutcome, sameTally } from './analyzer-quality-outcomes.js';

describe('referenceOutcome', () => {
  it.each([
    ['approved', 'passed'], ['adopted as amended', 'passed'], ['passed as amended', 'passed'], ['substitute adopted', 'passed'],
    ['signed (approved without objection)', 'passed'], ['carried', 'passed'],
    ['postponed (to 7/17/2018)', 'postponed'], ['deferred', 'postponed'], ['continued', 'postponed'],
    ['referred', 'referred'], ['withdrawn', 'withdrawn'], ['failed', 'failed'], ['denied', 'failed'],
    ['placed on file', 'other'], ['held in committee', 'other'], ['remain in committee', 'other'], ['no action', 'other'],
    ['amended', 'amended'], ['noted', 'unclear'],
  ])('%s is %s', (action, outcome) => {
    expect(referenceOutcome(action)).toBe(outcome);
  });
});

describe('analyzerOutcome', () => {
  it('maps the analyzer words to the reference vocabulary', () => {
    expect(analyzerOutcome('passed')).toBe('passed');
    expect(analyzerOutcome('continued')).toBe('postponed');
    expect(analyzerOutcome('filed')).toBe('other');
    expect(analyzerOutcome(null)).toBeNull();
  });
});

describe('outcomesContradict', () => {
  it('counts only outcomes that cannot both be true', () => {
    expect(outcomesContradict('failed', 'passed')).toBe(true);
    expect(outcomesContradict('passed', 'failed')).toBe(true);
    expect(outcomesContradict('postponed', 'passed')).toBe(true);
    // The motion to postpone passed: not the opposite.
    expect(outcomesContradict('passed', 'postponed')).toBe(false);
    expect(outcomesContradict('passed', 'other')).toBe(false);
    expect(outcomesContradict(null, 'failed')).toBe(false);
  });
});

describe('parseTally', () => {
  it.each([
    ['9-0', { yes: 9, no: 0 }], ['8-0-1', { yes: 8, no: 0 }], ['7-1', { yes: 7, no: 1 }], ['seven to one', { yes: 7, no: 1 }],
    ['6-0 (6 ayes, 2 excused: Reid, Taylor)', { yes: 6, no: 0 }], ['8-3 (roll call)', { yes: 8, no: 3 }],
    ['7-0, 1 abstention, 1 absent', { yes: 7, no: 0 }], ['roll call (8 yes)', { yes: 8, no: 0 }],
    ['6 ayes, 2 nays', { yes: 6, no: 2 }],
  ])('%s is a count', (tally, count) => {
    expect(parseTally(tally)).toEqual(count);
  });

  it.each(['voice', 'unanimous (roll call)', 'no objection', 'roll call (all yes)', 'voice (result not announced)', 'unanimously'])('%s is a kind of vote, not a count', (tally) => {
    expect(parseTally(tally)).toBeNull();
  });

  it('compares counts however they are written', () => {
    expect(sameTally('8-0', '8-0-1')).toBe(true);
    expect(sameTally('6-0', '6-0 (6 ayes, 2 excused)')).toBe(true);
    expect(sameTally('8-1', '8-0')).toBe(false);
    expect(sameTally('unanimously', 'unanimous (roll call)')).toBe(false);
    expect(sameTally(null, '9-0')).toBe(false);
  });
});
