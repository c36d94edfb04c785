/**
 * Safe highlighting for search hits: the segment's text is escaped as HTML piece by piece and
 * only the matched words are wrapped in <mark> tags, so whatever a transcript contains
 * (`<script>`, `&`, quotes) reaches a page as text. Browser-safe: the web app may reuse it.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The five characters that matter in HTML text and attribute values, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A word of a text and where it starts. */
export interface Word {
  word: string;
  at: number;
}

/**
 * Words as PostgreSQL's text parser cuts them for the index: runs of letters, combining
 * marks and digits, ended by spaces, punctuation, apostrophes and hyphens ("shelter's" is
 * "shelter" and "s").
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of `text` that `keep` accepts, in order. */
export function wordsOf(text: string, keep: (word: string) => boolean = () => true): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) if (keep(match[0])) words.push({ word: match[0], at: match.index });
  return words;
}

/** HTML for a text: escaped, with the given words of it (in order, from wordsOf) in <mark>…</mark>. */
export function markWords(text: string, marked: readonly Word[]): string {
  let html = '';
  let done = 0;
  for (const { word, at } of marked) {
    html += `${escapeHtml(text.slice(done, at))}<mark>${escapeHtml(word)}</mark>`;
    done = at + word.length;
  }
  return html + escapeHtml(text.slice(done));
}
