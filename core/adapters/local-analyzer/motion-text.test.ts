import { describe, expect, it } from 'vitest';
import type { Decision } from './decisions.js';
import { actionPhrase, headlineAction } from './motion-text.js';
import { dealHeadline, headline, lede } from './story-lede.js';

function decision(action: string, outcome: 'passed' | 'failed', tally: string | null, against: string[] = []): Decision {
  const vote = { outcome, word: outcome === 'failed' ? 'rejected' : 'approved', tally, conflict: false, subject: null };
  return { motionIndex: 0, voteIndex: 1, action, clause: null, evidence: [1], subjectFrom: null, tied: null, vote, mover: null, seconder: null, against, favor: [], procedural: false, weight: 5, item: null, subject: null, start_ms: 0 };
}

describe('actionPhrase', () => {
  it('turns motion wording into a verb phrase for "voted … to ___"', () => {
    expect(actionPhrase('approval of the consent calendar as presented')).toBe('approve the consent calendar as presented');
    expect(actionPhrase('adoption of Resolution 12')).toBe('adopt Resolution 12');
    expect(actionPhrase('introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street from M-1 to Downtown Mixed Use, and waive the full reading')).toBe(
      'introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street from M-1 to Downtown Mixed Use',
    );
    expect(actionPhrase('adopt Resolution 2026-09, establishing water rates for fiscal years 2026-27 through 2028-29, as presented in the staff report.')).toBe(
      'adopt Resolution 2026-09, establishing water rates for fiscal years 2026-27 through 2028-29',
    );
  });
});

describe('headlineAction', () => {
  it('names the subject a reader cares about', () => {
    expect(headlineAction('introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street from M-1 to Downtown Mixed Use')).toEqual({
      verb: 'advance',
      object: '410 Main Street rezoning',
    });
    expect(headlineAction('approve the first reading of Ordinance 1187, regulating short-term rentals, with the change that …')).toEqual({
      verb: 'advance',
      object: 'ordinance regulating short-term rentals',
    });
    expect(headlineAction('approve the Lindgren Park renovation project budget of $1.2 million and authorize the city manager to advertise for bids')).toEqual({
      verb: 'approve',
      object: '$1.2 million Lindgren Park renovation project budget',
    });
    expect(headlineAction('award the Willow Creek footbridge contract to Cascade Span Builders in the amount of $638,500, and authorize the city administrator to sign the agreement')).toEqual({
      verb: 'award',
      object: '$638,500 Willow Creek footbridge contract to Cascade Span Builders',
    });
    expect(headlineAction('adopt Resolution 2026-09, establishing water rates for fiscal years 2026-27 through 2028-29')?.verb).toBe('set');
    expect(headlineAction('appointment 13 to 76,000 and posed no staining')).toBeNull();
  });
});

describe('headline and lede', () => {
  it('report a passed split vote with its tally', () => {
    const passed = decision('introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street from M-1 to Downtown Mixed Use', 'passed', '4-1');
    expect(headline(passed, 'Fairview council')).toBe('Fairview council advances 410 Main Street rezoning on 4-1 vote');
    expect(lede(passed, [], 'The Fairview City Council', 'on January 13', 44)).toBe(
      'The Fairview City Council voted 4-1 on January 13 to introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street from M-1 to Downtown Mixed Use.',
    );
  });

  it('report a failed motion as a rejected proposal', () => {
    const failed = decision('restore Sunday hours at the main library', 'failed', '2-3', ['Councilmember Liu']);
    expect(headline(failed, 'Fairview council')).toBe('Fairview council rejects proposal to restore Sunday hours at the main library on 2-3 vote');
    expect(lede(failed, [], 'The Fairview City Council', 'on March 24', 40)).toBe(
      'The Fairview City Council on March 24 rejected 2-3 a proposal to restore Sunday hours at the main library.',
    );
  });

  it('leave a unanimous tally out of the headline but not the lede', () => {
    const unanimous = decision('award the Willow Creek footbridge contract to Cascade Span Builders in the amount of $638,500', 'passed', '5-0');
    expect(headline(unanimous, 'Riverton council')).toBe('Riverton council awards $638,500 Willow Creek footbridge contract to Cascade Span Builders');
    expect(lede(unanimous, [], 'The Riverton City Council', 'on April 6', 40)).toMatch(/^The Riverton City Council voted 5-0 on April 6 to award/);
  });
});

describe('headlines a reader can use', () => {
  it('names the deal and who it is with for an authorizing resolution', () => {
    expect(dealHeadline('a resolution authorizing the mayor to execute an agreement with the Volunteer Ministry Center to provide $110,000 in general funds')).toBe(
      '$110,000 agreement with Volunteer Ministry Center',
    );
    expect(dealHeadline('the minutes of June 19th')).toBeNull();
  });

  it('never stands on a number alone or on a condition', () => {
    expect(headline(decision('approve pending final documentation', 'passed', '8-0'), 'Knoxville board', 'November 17, 2020')).toBe('What the Knoxville board decided on November 17, 2020');
    const docket = { ...decision('', 'passed', null), action: null, subject: 'Docket 0688' };
    expect(headline(docket, 'Boston council', 'May 25, 2022')).toBe('What the Boston council decided on May 25, 2022');
  });
});
