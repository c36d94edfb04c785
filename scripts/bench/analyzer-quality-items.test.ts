import { describe, expect, it } from 'vitest';
import { itemIds, wrongItem } from './analyzer-quality-items.js';

describe('itemIds', () => {
  it('reads numbers after keywords, lists, ranges and agenda codes', () => {
    const nums = (text: string) => itemIds(text).map((id) => `${id.num}${id.letter ?? ''}`);
    expect(nums('Items 61, 63, 65 and 74 - sector plan amendments')).toEqual(['61', '63', '65', '74']);
    expect(nums('Dockets 0655-0658: notices')).toEqual(['655', '656', '657', '658']);
    expect(nums('Consent items 11-K through 11-M')).toEqual(['11k', '11l', '11m', '11k', '11m']);
    expect(nums('Consent calendar, items 2.1-2.3')).toEqual(['2.1', '2.2', '2.3']);
    expect(nums('passes 8-0 after a 60-day extension at 5227 Clinton Highway')).toEqual([]);
  });
});

/** [what the analyzer said was decided, the reference item] */
const WRONG: ReadonlyArray<[string, string]> = [
  // A different number of the same kind.
  ['docket 0654', 'Docket 0653: order authorizing the Parks Commission'],
  ['Item 9C, an ordinance closing a street', '9B: ordinance closing a portion of East Summit Hill Drive'],
  ['Resolution 31951 relating to the budget', 'Agenda item 11: Resolution 31954 relating to the budget'],
  // No word in common.
  ['the minutes', 'Motion to postpone item 12-D (St. Andrews rezoning) for two weeks'],
  ['reports of public officers and others', 'Docket 0691: personnel order'],
];

const RIGHT: ReadonlyArray<[string | null, string]> = [
  // The right item said another way.
  ['Item 9A, an ordinance', '9-A: ordinance establishing a tree mitigation bank'],
  ['docket 653', 'Docket 0653: order'],
  ['Item 63', 'Items 61, 63, 65 and 74 removed from the agenda'],
  ['Item 11L', 'Consent items 11K through M (certificates of compliance)'],
  ['Item 2', 'Consent calendar, items 2.1-2.4'],
  ['the minutes', 'Approval of the minutes of the previous meeting'],
  ['the bill', 'Payment of the bills'],
  ['Consent items', 'Consent agenda'],
  // Numbers of different kinds, read in pieces or cut short.
  ['Bill 19841', 'Agenda item 13: council bill on labor standards'],
  ['introduce resolution 3 1962', 'Amendment introducing Resolution 31962'],
  ['Bill 1', 'Agenda item 14: Council Bill 119842, labor standards'],
  ['Item 5 2020 budget', 'Agenda item 5: amending the 2020 budget'],
  // Names nothing: never wrong.
  [null, 'Docket 0653: order'],
  ['  ', 'Docket 0653: order'],
  ['the motion', 'Docket 0653: order'],
  ['it', 'Payment of the bills'],
];

describe('wrongItem', () => {
  it.each(WRONG)('"%s" is not %s', (found, reference) => {
    expect(wrongItem(found, reference)).toBe(true);
  });

  it.each(RIGHT)('"%s" may be %s', (found, reference) => {
    expect(wrongItem(found, reference)).toBe(false);
  });
});
