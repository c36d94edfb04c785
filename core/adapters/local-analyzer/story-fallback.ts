import type { AnalysisResults } from '../../domain/analysis.js';
import { NOT_SPECIFIED } from './action-items.js';
import { UNIDENTIFIED_SPEAKER } from './highlights.js';
import { UNNAMED_SPEAKER } from './speakers.js';
import { attributed } from './story-voices.js';
import { countWords } from './text.js';
import { formatDay } from '../../domain/format.js';

/**
 * Story paragraphs from a stored analysis alone, when the transcript is not at hand: its action
 * items, and only those highlight quotes an earlier verification marked verbatim.
 */
export interface StoredQuote {
  text: string;
  speaker: string;
  start_ms: number;
  context: string;
}

/** Highlight quotes already verified against the transcript, best first (named speaker, quotable length). */
export function verifiedQuotes(analysis: AnalysisResults): StoredQuote[] {
  const quotes: StoredQuote[] = [];
  for (const highlight of analysis.highlights) {
    const quote = highlight.quotes.find((q) => q.verification_status === 'verified');
    if (quote) quotes.push({ text: quote.text, speaker: quote.speaker, start_ms: highlight.start_ms ?? quote.start_ms ?? 0, context: highlight.point_of_interest });
  }
  const rank = (q: StoredQuote) => (q.speaker !== UNIDENTIFIED_SPEAKER ? 2 : 0) + (countWords(q.text) >= 10 && countWords(q.text) <= 40 ? 1 : 0);
  return quotes.sort((a, b) => rank(b) - rank(a));
}

export function fallbackParagraphs(analysis: AnalysisResults, quotes: readonly StoredQuote[]): string[] {
  const paragraphs: string[] = [];
  const items = analysis.action_items.slice(0, 3).map((item) => {
    const due = item.due_date !== NOT_SPECIFIED && item.due_date.trim() ? `, due ${formatDay(item.due_date)}` : '';
    return `${item.description.replace(/[.;]+$/, '')} (${item.responsible_party}${due})`;
  });
  if (items.length > 0) paragraphs.push(`Actions recorded at the meeting: ${items.join('; ')}.`);
  for (const quote of quotes.slice(0, 3)) {
    paragraphs.push(attributed(quote.text, quote.speaker === UNIDENTIFIED_SPEAKER ? UNNAMED_SPEAKER : quote.speaker));
  }
  return paragraphs;
}
