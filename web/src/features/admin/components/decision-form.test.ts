import { describe, expect, it } from 'vitest';
import type { Decision } from '@domain/decisions.js';
import { decisionEditOf, decisionFormOf } from './decision-form.js';

const decision: Decision = {
  item: 'the water rates',
  item_number: 'Resolution 2026-09',
  motion: 'adopt the rates',
  outcome: 'passed',
  tally: { yes: 3, no: 2, abstain: null, absent: null },
  vote_kind: 'roll_call',
  mover: null,
  seconder: null,
  evidence: [{ text: 'The motion passes three to two.', start_ms: 90_000 }],
};

describe('the decision form', () => {
  it('starts from the decision, counts as text', () => {
    expect(decisionFormOf(decision)).toEqual({
      item: 'the water rates',
      item_number: 'Resolution 2026-09',
      outcome: 'passed',
      counted: true,
      yes: '3',
      no: '2',
      abstain: '',
      absent: '',
      vote_kind: 'roll_call',
      correction_note: '',
    });
  });

  it('sends the edit with its position and version; a blank abstaining count is not said', () => {
    const form = { ...decisionFormOf(decision), outcome: 'failed' as const, yes: '2', no: ' 3 ', absent: '1', correction_note: ' It failed. ' };
    expect(decisionEditOf(form, 1, 'v1')).toEqual({
      ok: true,
      value: {
        version: 'v1',
        index: 1,
        item: 'the water rates',
        item_number: 'Resolution 2026-09',
        outcome: 'failed',
        tally: { yes: 2, no: 3, abstain: null, absent: 1 },
        vote_kind: 'roll_call',
        correction_note: 'It failed.',
      },
    });
  });

  it('sends no count, no vote kind and empty words as none', () => {
    const form = { ...decisionFormOf(decision), counted: false, vote_kind: '' as const, item: ' ', item_number: '' };
    expect(decisionEditOf(form, 0, undefined)).toEqual({ ok: true, value: { index: 0, item: null, item_number: null, outcome: 'passed', tally: null, vote_kind: null } });
  });

  it('asks for whole numbers, and for yes and no when counted', () => {
    expect(decisionEditOf({ ...decisionFormOf(decision), yes: '' }, 0, 'v1')).toEqual({ ok: false, error: 'Give the number of yes votes, or choose no count.' });
    expect(decisionEditOf({ ...decisionFormOf(decision), absent: '1.5' }, 0, 'v1')).toEqual({ ok: false, error: 'The number of absent votes must be a whole number.' });
  });
});
