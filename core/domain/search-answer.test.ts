import { describe, expect, it } from 'vitest';
import { escapeHtml, markWords, wordsOf } from './search-highlight.js';
import { highlightParts } from './search-answer.js';

describe('highlightParts', () => {
  it('gives back the marked words and the text around them, unescaped', () => {
    const text = 'Fees & <b>zoning</b> "now"';
    const html = markWords(text, wordsOf(text, (word) => word === 'zoning'));
    expect(highlightParts(html)).toEqual([
      { text: 'Fees & <b>', marked: false },
      { text: 'zoning', marked: true },
      { text: '</b> "now"', marked: false },
    ]);
  });

  it('keeps any other tag as literal text, so nothing in a transcript becomes markup', () => {
    expect(highlightParts('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', marked: false }]);
    expect(highlightParts(escapeHtml("it's &amp; fine"))).toEqual([{ text: "it's &amp; fine", marked: false }]);
  });
});
