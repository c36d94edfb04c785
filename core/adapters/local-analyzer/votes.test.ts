import { describe, expect, it } from 'vitest';
import { motionClause, readVote } from './votes.js';

describe('readVote: what counts as a result', () => {
  it('reads the result phrases real meetings use', () => {
    expect(readVote('So the policy fails.')?.outcome).toBe('failed');
    expect(readVote('in that motion carry')?.outcome).toBe('passed');
    expect(readVote('The motion failed three to three.')).toMatchObject({ outcome: 'failed', tally: '3-3' });
    expect(readVote('The ayes have it.')?.outcome).toBe('passed');
    expect(readVote('Without objection, the minutes are approved.')?.outcome).toBe('passed');
    expect(readVote('Docket number zero six five three will be referred to the committee on parks.')?.outcome).toBe('referred');
    expect(readVote('The docket will be placed on file.')?.outcome).toBe('filed');
    expect(readVote('That item is withdrawn.')?.outcome).toBe('withdrawn');
  });

  it('never takes a plan, a statistic or a hypothetical for a result', () => {
    expect(readVote('The first step will be once this contract was approved by the state.')).toBeNull();
    expect(readVote('The vast majority of these items have been adopted.')).toBeNull();
    expect(readVote('If there is no objection, the agenda will be adopted.')).toBeNull();
    expect(readVote('After the budget is adopted we will hire two officers.')).toBeNull();
    // Fairview's school board, the answer to a request after the vote (demo fixture fvSB2026a01 at 23:52).
    expect(readVote('We can post those positions as soon as the contract is signed.')).toBeNull();
  });
});

describe('motionClause', () => {
  it('stops at the call for the vote that captions run on', () => {
    expect(motionClause('I move to substitute please say ay ay ay')).toBeNull();
    expect(motionClause('I move to approve the minutes all those in favor')).toBe('approve the minutes');
  });
});

describe('the chair after a roll call', () => {
  it('states a postponement in a few words', () => {
    expect(readVote('Extension for 60 days.')?.outcome).toBe('continued');
    expect(readVote('Postponed to December 15.')?.outcome).toBe('continued');
    expect(readVote('Approved pending final documentation.')?.outcome).toBe('passed');
  });
});
