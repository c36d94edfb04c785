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

describe('wrongItem', () => {
  it('counts a different number of the same kind', () => {
    expect(wrongItem('docket 0654', 'Docket 0653: order authorizing the Parks Commission')).toBe(true);
    expect(wrongItem('Item 9C, an ordinance closing a street', '9B: ordinance closing a portion of East Summit Hill Drive')).toBe(true);
    expect(wrongItem('Resolution 31951 relating to the budget', 'Agenda item 11: Resolution 31954 relating to the budget')).toBe(true);
  });

  it('counts a found text that shares no word with the item', () => {
    expect(wrongItem('the minutes', 'Motion to postpone item 12-D (St. Andrews rezoning) for two weeks')).toBe(true);
    expect(wrongItem('reports of public officers and others', 'Docket 0691: personnel order')).toBe(true);
  });

  it('does not count the right item said another way', () => {
    expect(wrongItem('Item 9A, an ordinance', '9-A: ordinance establishing a tree mitigation bank')).toBe(false);
    expect(wrongItem('docket 653', 'Docket 0653: order')).toBe(false);
    expect(wrongItem('Item 63', 'Items 61, 63, 65 and 74 removed from the agenda')).toBe(false);
    expect(wrongItem('Item 11L', 'Consent items 11K through M (certificates of compliance)')).toBe(false);
    expect(wrongItem('Item 2', 'Consent calendar, items 2.1-2.4')).toBe(false);
    expect(wrongItem('the minutes', 'Approval of the minutes of the previous meeting')).toBe(false);
    expect(wrongItem('the bill', 'Payment of the bills')).toBe(false);
    expect(wrongItem('Consent items', 'Consent agenda')).toBe(false);
  });

  it('does not count numbers of different kinds, or a number read in pieces or cut short', () => {
    expect(wrongItem('Bill 19841', 'Agenda item 13: council bill on labor standards')).toBe(false);
    expect(wrongItem('introduce resolution 3 1962', 'Amendment introducing Resolution 31962')).toBe(false);
    expect(wrongItem('Bill 1', 'Agenda item 14: Council Bill 119842, labor standards')).toBe(false);
    expect(wrongItem('Item 5 2020 budget', 'Agenda item 5: amending the 2020 budget')).toBe(false);
  });

  it('never counts a found decision that names nothing', () => {
    expect(wrongItem(null, 'Docket 0653: order')).toBe(false);
    expect(wrongItem('  ', 'Docket 0653: order')).toBe(false);
    expect(wrongItem('the motion', 'Docket 0653: order')).toBe(false);
    expect(wrongItem('it', 'Payment of the bills')).toBe(false);
  });
});
