import { describe, expect, it } from 'vitest';
import { escapeHtml, markWords, wordsOf } from './search-highlight.js';

describe('markWords', () => {
  const zoning = (text: string) => markWords(text, wordsOf(text, (word) => word.toLowerCase() === 'zoning'));

  it('escapes the text, then marks the given words', () => {
    expect(zoning(`<script>alert("x")</script> & zoning 'ok'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>zoning</mark> &#39;ok&#39;');
  });

  it('marks each occurrence as a word of its own, never part of one', () => {
    expect(zoning('Zoning, zoning-board and rezoning: zoning.')).toBe('<mark>Zoning</mark>, <mark>zoning</mark>-board and rezoning: <mark>zoning</mark>.');
    expect(zoning('nothing here')).toBe('nothing here');
  });

  it('gives no markup but <mark> whatever the input', () => {
    expect(zoning(`<img src=x onerror=alert(1)>"'&<> zoning </mark><mark>`).replace(/<\/?mark>/g, '')).not.toMatch(/[<>"']/);
  });
});

describe('wordsOf and escapeHtml', () => {
  it('cut words at punctuation, apostrophes and hyphens, keeping letters of any script and digits', () => {
    const words = wordsOf("The shelter's 2nd well-known café, COVID-19 — 3.5%");
    expect(words.map((w) => w.word)).toEqual(['The', 'shelter', 's', '2nd', 'well', 'known', 'café', 'COVID', '19', '3', '5']);
    expect(words[1]).toEqual({ word: 'shelter', at: 4 });
  });

  it('escape the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
