import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { analyzeTranscript } from './analyze.js';

/**
 * Which item a vote is given (issue 23: never a stale label). Each rule was found by taking
 * sentences out of a real development meeting (an item's reading, a result, a motion, a whole
 * vote) and watching a vote take another item's number: scripts/bench/analyzer-robustness.bench.ts.
 */
function meeting(lines: Array<[string | null, string]>): TranscriptSegment[] {
  return lines.map(([speaker, text], i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 9_000, speaker, text }));
}

const decisionsOf = (segments: TranscriptSegment[]) => analyzeTranscript({ segments, now: new Date('2026-05-01') }).decisions ?? [];

describe('an item whose vote went unheard does not label the next vote', () => {
  it('leaves a vote untied when the item it falls in already had its roll called', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'That brings us to 4G, Holly’s Gourmet Market.'],
        ['Councilman Bird', 'I move approval pending final documentation.'],
        ['Councilwoman Parker', 'Second.'],
        [null, 'Mr. Johnson, please call the roll call vote.'],
        [null, 'Councilwoman Fugate?'],
        ['Councilwoman Fugate', 'Yes.'],
        [null, 'Councilwoman Parker?'],
        ['Councilwoman Parker', 'Yes.'],
        [null, 'Councilman Bird?'],
        ['Councilman Bird', 'Yes.'],
        [null, 'Very good, let us go on.'],
        [null, 'Ms. Carter, can you give us your name and address, please?'],
        ['Councilwoman Parker', 'I move to approve it as presented tonight.'],
        ['Councilman Bird', 'Second.'],
        [null, 'All those in favor say aye.'],
        [null, 'The motion is approved.'],
      ]),
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', item_number: null });
  });

  it('hears the same words moved after a called vote as a new motion, not the old one said again', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Item 11H is a resolution accepting the transfer of property next to the school.'],
        ['Councilman Brown', 'I move to approve the resolution as presented.'],
        ['Councilwoman Singh', 'Second.'],
        [null, 'All in favor say aye.'],
        [null, 'Any opposed?'],
        ['Councilman Brown', 'I move to approve the resolution as presented.'],
        ['Councilwoman Singh', 'Second.'],
        [null, 'All in favor say aye.'],
        [null, 'The ayes have it, and so ordered.'],
      ]),
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', item_number: null });
  });

  it('names standing business by its own words, not by the item it was voted in', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Item 9A is the rezoning of the Elm Street lot.'],
        [null, 'There is a motion to postpone 9A for two weeks.'],
        [null, 'Now the consent items, all those in favor say aye.'],
        [null, 'Consent items are approved.'],
      ]),
    );
    expect(decisions.at(-1)).toMatchObject({ outcome: 'passed', item_number: null });
    expect(decisions.at(-1)?.item ?? '').toMatch(/consent/i);
  });

  it('does not report an amendment as the item passing', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Item 10, Council Bill 119825, relating to the city’s response to the crisis.'],
        [null, 'Councilmember Herbold will speak to the amendments.'],
        [null, 'Eight in favor, none opposed.'],
        [null, 'The motion carries and the amendment is adopted.'],
      ]),
    );
    expect(decisions.at(-1)).toMatchObject({ outcome: 'passed', item_number: null });
  });
});

describe('an item with no vote heard and the next reading missed', () => {
  // Item 11F's vote is called and its result unheard; the next item's reading is lost but for its last words.
  const calledThenNextVote = (motion: Array<[string | null, string]>) =>
    decisionsOf(
      meeting([
        [null, 'Item 11F is a resolution authorizing an agreement with CDM Smith for the Amherst Road slope.'],
        ...motion,
        ['Councilwoman Singh', 'Second.'],
        [null, 'All in favor say aye.'],
        [null, 'Aye.'],
        [null, 'for an amount not to exceed $250,000 for the Northwest Greenway.'],
        ['Councilman Brown', 'Move to approve.'],
        ['Councilwoman Singh', 'Second.'],
        [null, 'All in favor say aye.'],
        [null, 'The ayes have it, and so ordered.'],
      ]),
    );

  it('is used up by a vote called with its motion unheard', () => {
    const decisions = calledThenNextVote([]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', item_number: null, item: null });
  });

  it('is used up by a vote called on a motion heard only as "so moved"', () => {
    const decisions = calledThenNextVote([['Councilman Brown', 'So moved.']]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', item_number: null, item: null });
  });

  const debate = (n: number, about: string): Array<[string | null, string]> => Array.from({ length: n }, (_, k) => ['Councilwoman Singh', `Point ${k + 1} about ${about} for the record.`]);
  const longAfter = (about: string, before: Array<[string | null, string]> = [], debated = 70) =>
    decisionsOf(
      meeting([
        [null, 'Item 12 is a resolution adopting the Riverside Greenway master plan.'],
        ...before,
        ...debate(debated, about),
        ['Councilman Brown', 'Move to approve.'],
        ['Councilwoman Singh', 'Second.'],
        [null, 'All in favor say aye.'],
        [null, 'The ayes have it.'],
      ]),
    ).at(-1);

  it('names no item for a vote long after its reading when nothing near the vote names it', () => {
    expect(longAfter('the sewer bond')).toMatchObject({ outcome: 'passed', item_number: null, item: null });
  });

  it('keeps the item when the debate before the vote names it again', () => {
    expect(longAfter('the greenway plan')).toMatchObject({ outcome: 'passed', item_number: 'Item 12' });
  });

  it('keeps the item in reach through a vote on its amendment', () => {
    const amended: Array<[string | null, string]> = [
      ...debate(40, 'the sewer bond'),
      ['Councilman Brown', 'I move to amend section 3 to add a second trail head.'],
      ['Councilwoman Singh', 'Second.'],
      [null, 'All in favor of the amendment say aye.'],
      [null, 'The amendment is adopted.'],
    ];
    expect(longAfter('the sewer bond', amended, 30)).toMatchObject({ outcome: 'passed', item_number: 'Item 12' });
  });
});
