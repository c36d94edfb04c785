import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { verifyDecisions } from '../../domain/quote-verification.js';
import { analyzeTranscript } from './analyze.js';
import { itemNumber } from './item-numbers.js';

function meeting(lines: Array<[string | null, string]>): TranscriptSegment[] {
  return lines.map(([speaker, text], i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 9_000, speaker, text }));
}

const decisionsOf = (segments: TranscriptSegment[]) => analyzeTranscript({ segments, now: new Date('2026-05-01') }).decisions ?? [];

describe('the decisions record of the local analyzer', () => {
  const segments = meeting([
    ['Mayor Ana Ortiz', 'Item 7A is a resolution approving the contract with Delgado Construction for the Elm Street bridge.'],
    ['Councilmember Ben Park', 'I move to approve the contract with Delgado Construction.'],
    ['Councilmember Lee Chen', 'Second.'],
    ['Mayor Ana Ortiz', 'All those in favor say aye.'],
    ['Mayor Ana Ortiz', 'Motion carries.'],
    ['Mayor Ana Ortiz', 'Item 8 is the parking study.'],
    ['Councilmember Ben Park', 'So moved.'],
    ['Mayor Ana Ortiz', 'The clerk will call the roll.'],
    ['Mayor Ana Ortiz', 'It passes 4-1.'],
    ['Mayor Ana Ortiz', 'Docket 0653 will be referred to the committee on parks.'],
  ]);
  const decisions = decisionsOf(segments);

  it('records each stated result, with its item, motion, mover and seconder', () => {
    expect(decisions.map((d) => d.outcome)).toEqual(['passed', 'passed', 'referred']);
    expect(decisions[0]).toMatchObject({
      item_number: 'Item 7A',
      motion: 'approve the contract with Delgado Construction',
      vote_kind: 'voice',
      mover: 'Councilmember Ben Park',
      seconder: 'Councilmember Lee Chen',
      tally: null,
    });
    expect(decisions[0]?.item).toMatch(/contract with Delgado Construction$/);
  });

  it('gives a two-word result with the sentences before it, so the passage can be found in one place', () => {
    expect(decisions[0]?.evidence).toEqual([{ text: 'All those in favor say aye. Motion carries.', start_ms: 30_000 }]);
    expect(verifyDecisions(decisions, segments)).toHaveLength(3);
  });

  it('never reuses the last motion that had words for a bare "so moved" after another item was read', () => {
    expect(decisions[1]).toMatchObject({ motion: null, tally: { yes: 4, no: 1, abstain: null, absent: null }, vote_kind: 'roll_call' });
    expect(decisions[1]?.item ?? '').not.toMatch(/Delgado/);
    expect(decisions[2]).toMatchObject({ item_number: 'Docket 0653', outcome: 'referred' });
  });

  it('claims no second for an untimed transcript', () => {
    const untimed = analyzeTranscript({ segments, timed: false, now: new Date('2026-05-01') }).decisions ?? [];
    expect(untimed.flatMap((d) => d.evidence.map((e) => e.start_ms))).toEqual([null, null, null]);
  });

  it('does not label a later vote with an item whose question was already decided', () => {
    const later = decisionsOf(
      meeting([
        [null, 'Item 3 is the budget amendment for the library.'],
        [null, 'Those in favor? The motion passes 8-0.'],
        [null, 'Thank you. Next we have some remarks from the staff.'],
        [null, 'The library will open on Sundays.'],
        [null, 'The branch hours are posted online.'],
        [null, 'We thank the librarians for their work.'],
        [null, 'I move to accept the report.'],
        [null, 'The motion passes 7-1.'],
      ]),
    );
    expect(later.map((d) => d.item_number)).toEqual(['Item 3', null]);
    expect(later[1]?.item).toBeNull();
  });

  it('names no one for a diarizer label, and treats "without objection" as unanimous consent', () => {
    const consent = decisionsOf(
      meeting([
        ['SPEAKER_01', 'I move to approve the minutes of the May 11 meeting.'],
        ['SPEAKER_02', 'Second.'],
        ['SPEAKER_00', 'Without objection, the minutes are approved.'],
      ]),
    );
    expect(consent[0]).toMatchObject({ mover: null, seconder: null, vote_kind: 'unanimous_consent', outcome: 'passed' });
  });
});

describe('itemNumber', () => {
  it('reads the numbers meetings give their business', () => {
    expect(itemNumber('agenda item 7A, a resolution')).toBe('Item 7A');
    expect(itemNumber('adopt Resolution 31669')).toBe('Resolution 31669');
    expect(itemNumber('pass CB 119825')).toBe('CB 119825');
    expect(itemNumber('council bill 119825 as amended')).toBe('Council Bill 119825');
    expect(itemNumber('the minutes')).toBeNull();
  });
});

describe('votes taken one after another in captions', () => {
  it('are separate decisions when the chair calls for each', () => {
    const cue = (i: number, text: string): TranscriptSegment => ({ start_ms: i * 3000, end_ms: i * 3000 + 2900, speaker: null, text });
    const segments = [
      cue(0, 'passage of docket zero six eight eight all those in favor say aye the ayes have it'),
      cue(1, 'the docket is passed mr clerk please read docket zero six eight nine'),
      cue(2, 'passage of docket zero six eight nine all those in favor say aye the ayes have it'),
      cue(3, 'the docket is passed'),
    ];
    const decisions = decisionsOf(segments);
    expect(decisions.map((d) => d.outcome)).toEqual(['passed', 'passed']);
    expect(decisions.map((d) => d.vote_kind)).toEqual(['voice', 'voice']);
  });
});

describe('a roll call heard answer by answer', () => {
  it('gives the count when no one says it, even without speaker names', () => {
    const decisions = decisionsOf(
      meeting([
        [null, "I'll make a motion to approve pending final documentation."],
        [null, 'Hearing none, Mr. Johnson, please call roll call vote.'],
        [null, 'Councilwoman Ryder?'],
        [null, 'Yes.'],
        [null, 'Councilman Smith?'],
        [null, 'Yes.'],
        [null, 'Councilman Parker?'],
        [null, 'No.'],
        [null, 'Councilman Thomas?'],
        [null, 'Yes.'],
        [null, 'Approved pending final documentation.'],
      ]),
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', tally: { yes: 3, no: 1 }, vote_kind: 'roll_call' });
  });
});

describe('a consent agenda', () => {
  it('is one decision with the items read into it', () => {
    const decisions = decisionsOf(
      meeting([
        ['Mayor Ana Ortiz', 'Consent items are 11K through M.'],
        ['Councilmember Ben Park', 'I move to approve the consent items.'],
        ['Councilmember Lee Chen', 'Second.'],
        ['Mayor Ana Ortiz', 'All in favor? Consent items are approved.'],
      ]),
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.item).toBe('Consent items (items 11K through M)');
  });
});

describe('an item announced by its code', () => {
  it('gives the vote its number and name', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Next up is 4C, which is Family Dollar Store 21140.'],
        [null, "I'll make a motion to approve pending final documentation."],
        [null, 'I heard a second.'],
        [null, 'Approved pending final documentation.'],
      ]),
    );
    expect(decisions[0]).toMatchObject({ item_number: 'Item 4C', item: 'Family Dollar Store 21140', outcome: 'passed' });
  });
});

describe('a result that names only a kind of business', () => {
  it('names no item ("the original request is approved")', () => {
    const [decision] = decisionsOf(meeting([[null, 'Thank you all for coming tonight to the meeting.'], [null, 'The original request is approved unanimously.']]));
    expect(decision).toMatchObject({ item: null, item_number: null, outcome: 'passed', unanimous: true });
  });
});

describe('naming an item, precision first', () => {
  it('keeps an untied motion as the motion, and names standing business from the result', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Good evening and welcome to the meeting of the council.'],
        [null, 'I move to approve the contract with Delgado Construction for the bridge.'],
        [null, 'Second.'],
        [null, 'The motion passes 5-0.'],
        [null, 'We heard from several residents about parking downtown tonight.'],
        [null, 'Then the council discussed the next budget cycle at length.'],
        [null, 'Several members asked about the timing of the work.'],
        [null, 'The engineer answered each of the questions in turn.'],
        [null, 'The parking study request is approved.'],
        [null, 'Thank you all, and the staff will report back next month.'],
        [null, 'Now the minutes of the last meeting.'],
        [null, 'The minutes are approved.'],
      ]),
    );
    expect(decisions.map((d) => [d.item, d.motion])).toEqual([
      [null, 'approve the contract with Delgado Construction for the bridge'],
      [null, null],
      ['the minutes', null],
    ]);
  });
});

describe('captions without punctuation', () => {
  it('gives a result run into the next item’s reading to the item before', () => {
    const decisions = decisionsOf(
      meeting([
        [null, 'Okay item number two will the clerk please read item 2 into the record'],
        [null, 'Council bill 119819 authorizing the acceptance of funding from non-city sources'],
        [null, 'Are there any comments on the bill'],
        [null, 'Seeing none will the clerk please call the roll'],
        [null, 'Yes Strauss yes Lewis yes Morales yes Mosqueda yes eight in favor nunna post thank you'],
        [null, 'Madam clerk the bill passes and the chair will sign it item number three will the clerk please read item 3 into the record'],
        [null, 'Resolution 31958 relating to the budget'],
      ]),
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'passed', item_number: 'Item 2' });
  });
});
