/**
 * Safe highlighting for search hits. The database marks the matched words of a transcript
 * segment with two private-use characters; `renderHighlight` escapes everything as HTML text
 * first and only then turns the markers into <mark> tags, so whatever a transcript contains
 * (`<script>`, `&`, quotes) reaches a page as text. Browser-safe: the web app may reuse it.
 */

/** Start and end of a matched stretch, as the database writes them (Unicode private use). */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_STOP = '\uE001';

const MARKERS = /[\uE000\uE001]/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The five characters that matter in HTML text and attribute values, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Text with the marker characters removed, so stored text can never fake a highlight. */
export function stripHighlightMarkers(text: string): string {
  return text.replace(MARKERS, '');
}

/**
 * HTML for a marked segment: escaped text with `<mark>…</mark>` around each marked stretch.
 * Markers that do not pair up (a start inside a start, a stray end) are dropped, so the
 * output always has balanced tags and no other markup.
 */
export function renderHighlight(marked: string): string {
  let html = '';
  let open = false;
  for (const piece of marked.split(/([\uE000\uE001])/)) {
    if (piece === HIGHLIGHT_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (piece === HIGHLIGHT_STOP) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(piece);
    }
  }
  return open ? `${html}</mark>` : html;
}
