import { describe, expect, it } from 'vitest';
import type { Decision } from '../../core/domain/decisions.js';
import { describeDecisions } from './decisions-text.js';

function buildDecision(overrides: Partial<Decision> = {}): Decision {
  return {
    item: 'Lindgren Park renovation',
    item_number: 'Item 4',
    motion: 'approve the Lindgren Park renovation budget',
    outcome: 'passed',
    tally: { yes: 5, no: 0, abstain: null, absent: null },
    vote_kind: 'voice',
    mover: 'Councilmember Ortiz',
    seconder: 'Councilmember Chen',
    evidence: [{ text: 'The motion passes five to zero.', start_ms: 36_000, verification_status: 'verified' }],
    ...overrides,
  };
}

describe('describeDecisions', () => {
  it('gives each decision its time, result, mover and seconder and the sentence that said it', () => {
    expect(describeDecisions([buildDecision()])).toEqual([
      '',
      'Decisions (1)',
      '  [0:00:36] Item 4, Lindgren Park renovation: passed 5-0',
      '      moved by Councilmember Ortiz, seconded by Councilmember Chen',
      '      “The motion passes five to zero.”  ✓ verified',
    ]);
  });

  it('claims no time for an untimed decision, and keeps untimed ones in the order given', () => {
    const untimed = (text: string, item: string) => buildDecision({ item, item_number: null, evidence: [{ text, start_ms: null, verification_status: 'verified' }] });
    const lines = describeDecisions([untimed('The minutes are approved.', 'the minutes'), untimed('The budget passes.', 'the budget')]);
    expect(lines).toContain('  the minutes: passed 5-0');
    expect(lines.indexOf('  the minutes: passed 5-0')).toBeLessThan(lines.indexOf('  the budget: passed 5-0'));
    expect(lines.join('\n')).not.toMatch(/\[\d+:\d\d:\d\d\]| at \d+:\d\d/);
  });

  it('lists decisions in meeting order whatever order they came in', () => {
    const at = (ms: number, item: string) => buildDecision({ item, item_number: null, evidence: [{ text: `${item} passes.`, start_ms: ms }] });
    const lines = describeDecisions([at(3_723_000, 'late item'), buildDecision({ item: 'untimed item', item_number: null, evidence: [{ text: 'x', start_ms: null }] }), at(60_000, 'early item')]);
    expect(lines.filter((line) => line.startsWith('  ') && !line.startsWith('      '))).toEqual([
      '  [0:01:00] early item: passed 5-0',
      '  [1:02:03] late item: passed 5-0',
      '  untimed item: passed 5-0',
    ]);
  });

  it('says "A vote" for a vote tied to no item, its time leading the line once', () => {
    const lines = describeDecisions([buildDecision({ item: null, item_number: null, evidence: [{ text: 'Motion carries.', start_ms: 5_025_000 }] })]);
    expect(lines[2]).toBe('  [1:23:45] A vote: passed 5-0');
    expect(describeDecisions([buildDecision({ item: null, item_number: null, evidence: [{ text: 'Motion carries.', start_ms: null }] })])[2]).toBe('  A vote: passed 5-0');
  });

  it('gives the count as said, with abstentions and absences, or "unanimously" without a count', () => {
    const counted = describeDecisions([buildDecision({ outcome: 'failed', tally: { yes: 3, no: 4, abstain: 1, absent: 2 } })]);
    expect(counted[2]).toBe('  [0:00:36] Item 4, Lindgren Park renovation: failed 3-4, 1 abstaining, 2 absent');
    expect(describeDecisions([buildDecision({ tally: null, unanimous: true })])[2]).toBe('  [0:00:36] Item 4, Lindgren Park renovation: passed unanimously');
    expect(describeDecisions([buildDecision({ tally: null, outcome: 'postponed' })])[2]).toBe('  [0:00:36] Item 4, Lindgren Park renovation: postponed');
  });

  it('names the mover or the seconder alone when only one was heard, and neither when none was', () => {
    expect(describeDecisions([buildDecision({ seconder: null })])[3]).toBe('      moved by Councilmember Ortiz');
    expect(describeDecisions([buildDecision({ mover: null })])[3]).toBe('      seconded by Councilmember Chen');
    const nobody = describeDecisions([buildDecision({ mover: null, seconder: null })]);
    expect(nobody.join('\n')).not.toMatch(/moved|seconded/);
    expect(nobody[3]).toBe('      “The motion passes five to zero.”  ✓ verified');
  });

  it('quotes every evidence sentence with its check, and its own time when it is not the decision\'s', () => {
    const lines = describeDecisions([buildDecision({
      evidence: [
        { text: 'All in favor?', start_ms: 30_000, verification_status: 'paraphrased' },
        { text: 'The motion passes five to zero.', start_ms: 36_000, verification_status: 'verified' },
      ],
    })]);
    expect(lines.slice(2)).toEqual([
      '  [0:00:30] Item 4, Lindgren Park renovation: passed 5-0',
      '      moved by Councilmember Ortiz, seconded by Councilmember Chen',
      '      “All in favor?”  ≈ paraphrased',
      '      “The motion passes five to zero.”  ✓ verified at 0:00:36',
    ]);
    expect(describeDecisions([buildDecision({ evidence: [{ text: 'Carried.', start_ms: 36_000 }] })])[4]).toBe('      “Carried.”  not checked');
  });

  it('says when none was found, and when the analysis records no decisions at all', () => {
    expect(describeDecisions([])).toEqual(['', 'Decisions (0)', '  none found in the transcript']);
    expect(describeDecisions(undefined)).toEqual(['', 'Decisions: not recorded by the analyzer that wrote this analysis']);
  });
});
