import { describe, expect, it } from 'vitest';
import { escapeHtml, HIGHLIGHT_START as S, HIGHLIGHT_STOP as E, renderHighlight, stripHighlightMarkers } from './search-highlight.js';

describe('renderHighlight', () => {
  it('escapes the text, then marks the highlighted stretches', () => {
    expect(renderHighlight(`<script>alert("x")</script> & ${S}zoning${E} 'ok'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>zoning</mark> &#39;ok&#39;',
    );
  });

  it('always balances the tags: nested, stray and unclosed markers', () => {
    expect(renderHighlight(`${S}a${S}b${E}c${E}`)).toBe('<mark>ab</mark>c');
    expect(renderHighlight(`${E}a`)).toBe('a');
    expect(renderHighlight(`a${S}b`)).toBe('a<mark>b</mark>');
  });

  it('gives no markup but <mark> whatever the input', () => {
    const nasty = `<img src=x onerror=alert(1)>${S}"'&<>${E}</mark><mark>`;
    expect(renderHighlight(nasty).replace(/<\/?mark>/g, '')).not.toMatch(/[<>"']/);
  });
});

describe('escapeHtml and stripHighlightMarkers', () => {
  it('escape the five HTML characters and remove the markers', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(stripHighlightMarkers(`a${S}b${E}c`)).toBe('abc');
  });
});
