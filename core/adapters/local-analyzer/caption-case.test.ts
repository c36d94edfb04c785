import { describe, expect, it } from 'vitest';
import { recaseCaptions, sentenceCase } from './caption-case.js';
import { isLowerCase, recaseLowerCase } from './caption-lower.js';
import { namesToKeep } from './caption-names.js';
import { stripSpeakerTags } from './caption-tags.js';

describe('captions in capitals', () => {
  it('re-cases every word of a token, glued ones too, and adds or drops nothing between them', () => {
    expect(sentenceCase('THE ORDINANCE,ENTERPRISE ZONE.', new Map())).toBe('The ordinance,enterprise zone.');
    expect(sentenceCase('(HERBOLD),YES. NEXT', new Map([['herbold', 'Herbold']]))).toBe('(Herbold),yes. Next');
  });

  it('capitalises courtesy titles and keeps a name after them in one sentence ("MR. CLARK")', () => {
    const keep = namesToKeep(['THANK YOU MR. CLARK.', 'MR. CLARK, PLEASE CALL THE ROLL.']);
    expect(sentenceCase('THANK YOU, MR. CLARK, PLEASE.', keep)).toBe('Thank you, Mr. Clark, please.');
  });

  it('keeps a word the captions write in mixed case anywhere, so the clerk stays "Mr. Clark"', () => {
    const lines = ['MR. Clark, WOULD YOU PLEASE CALL THE ROLL TO ASCERTAIN THE PRESENCE OF A QUORUM?', 'THANK YOU, MR. CLARK. THE DOCKET WILL BE PLACED ON FILE.'];
    expect(recaseCaptions(lines)).toEqual(['Mr. Clark, would you please call the roll to ascertain the presence of a quorum?', 'Thank you, Mr. Clark. The docket will be placed on file.']);
  });

  it('finds the name after a title said right after another title ("CHIEF AND MAYOR JENNY DURKAN")', () => {
    const keep = namesToKeep(['THE CHIEF AND MAYOR JENNY DURKAN SPOKE.', 'MAYOR JENNY DURKAN AGREED.', 'JENNY WAS THERE.']);
    expect([...keep.values()]).toEqual(expect.arrayContaining(['Jenny', 'Durkan']));
  });

  it('keeps no word heard once after a title that is said elsewhere too ("COUNCILOR WORLD")', () => {
    expect(namesToKeep(['THANK YOU COUNCILOR WORLD.', 'THE WORLD IS WATCHING.']).has('world')).toBe(false);
    expect(namesToKeep(['THANK YOU COUNCILOR ARROYO.']).get('arroyo')).toBe('Arroyo');
  });
});

describe('captions in lower case (Boston captions, 2022-05-25)', () => {
  const lines = [
    "district five and I'm the vice PRESIDENT Of the boston city council.",
    'MR. Clark, would you please call the roll to ascertain the presence of a quorum?',
    'councilor breadon councilor colletta',
    'Thank you mr clark. This week\'s clergy is father bob carr of st. Anthony parish',
    'so that the funds MAY be expended before the close of the fiscal year',
    'of the commission on black men and boys expiring on MAY 1st.',
    'the ADA and COVID rules for FY22 apply, as do ours.',
    'Councilor breadon, would you like to come up?',
    'over the span of several years . A couple of weeks ago',
  ];

  it('capitalises the names the transcript marks, places and months, and lowers stray capitals', () => {
    expect(recaseLowerCase(lines)).toEqual([
      "district five and I'm the vice president of the Boston city council.",
      'Mr. Clark, would you please call the roll to ascertain the presence of a quorum?',
      'Councilor Breadon Councilor Colletta',
      "Thank you Mr Clark. This week's clergy is Father Bob Carr of st. Anthony parish",
      'so that the funds may be expended before the close of the fiscal year',
      'of the commission on black men and boys expiring on May 1st.',
      'the ADA and COVID rules for FY22 apply, as do ours.',
      'Councilor Breadon, would you like to come up?',
      'over the span of several years . A couple of weeks ago',
    ]);
  });

  it('tells lower-case captions from ordinary speech and from capitals', () => {
    const filler = Array.from({ length: 60 }, () => 'and the council will hear from residents about the budget today');
    expect(isLowerCase([...filler, ...lines])).toBe(true);
    const ordinary = filler.map((line, i) => (i % 5 === 0 ? `${line} with Councilmember Herbold` : line));
    expect(isLowerCase(ordinary)).toBe(false);
    expect(isLowerCase(filler.map((line) => line.toUpperCase()))).toBe(false);
    expect(recaseCaptions(ordinary)).toEqual(ordinary);
  });
});

describe('speaker tags speech-to-text copies from broadcast captions (beer board, 2020-11-17, 0:13:46-0:14:29)', () => {
  it('takes the tags out of the words and names no one from them', () => {
    const rows = ['MR.', 'MCKINNEY I move to approve pending final documentation.', 'MS.', 'GARRETT Second.', 'MR.', 'BAILEY I believe we\'re looking for Mr. Bailey.'];
    expect(stripSpeakerTags(rows)).toEqual(['', 'I move to approve pending final documentation.', '', 'Second.', '', "I believe we're looking for Mr. Bailey."]);
  });

  it('leaves a lone "Mr." and caption capitals alone', () => {
    const once = ['Thank you, MR.', 'SMITH said so.', 'We move on.'];
    expect(stripSpeakerTags(once)).toEqual(once);
    const capitals = ['THANK YOU, MR.', 'CLARK, PLEASE.', 'MR.', 'CLARK WILL READ.'];
    expect(stripSpeakerTags(capitals)).toEqual(capitals);
  });
});
