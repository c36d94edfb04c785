import type { MeetingSegment } from '@domain/meeting.js';
import { newQuotedPassages } from '@domain/newsroom.js';
import { matchQuote, type TranscriptIndex } from '@domain/quote-verification.js';
import { formatTimestamp, type TranscriptSegment } from '@domain/transcript.js';
import { parseTranscriptFile } from '@domain/transcript-formats.js';

/**
 * What the editor shows under the quote while it is typed, by the server's rule
 * (core/newsroom/newsroom-service.ts): a quote whose words changed is saved only if the
 * transcript holds it word for word; one left as it was is kept whatever its status.
 */
export type QuoteCheck =
  | { kind: 'empty' }
  | { kind: 'checking' }
  | { kind: 'unavailable' }
  | { kind: 'verified'; at: string }
  | { kind: 'kept' }
  | { kind: 'no-transcript' }
  | { kind: 'not-found' };

/** `index` null: the transcript is still loading, or (`failed`) could not be loaded. */
export function checkQuote(quote: string, original: string | null, index: TranscriptIndex | null, failed = false): QuoteCheck {
  const text = quote.trim();
  if (!text) return { kind: 'empty' };
  if (!index) return failed ? { kind: 'unavailable' } : { kind: 'checking' };
  const match = matchQuote(text, index);
  if (match.status === 'verified' && match.start_ms !== null) return { kind: 'verified', at: formatTimestamp(match.start_ms) };
  if (text === original) return { kind: 'kept' };
  return index.tokens.length === 0 ? { kind: 'no-transcript' } : { kind: 'not-found' };
}

/** New passages in quotation marks in the article that the transcript does not hold word for word. */
export function unverifiedQuotedPassages(before: string, after: string, index: TranscriptIndex | null): string[] {
  if (!index) return [];
  return newQuotedPassages(before, after).filter((passage) => matchQuote(passage, index).status !== 'verified');
}

/**
 * The segments the server checks an edit against (core/pipeline/segments.ts): the stored timed
 * ones, unless a person replaced the transcript by hand; then segments cut from its text.
 */
export function segmentsForChecking(
  video: { transcript: string | null; transcript_edited_at: string | null },
  stored: readonly MeetingSegment[],
): readonly TranscriptSegment[] {
  if (stored.length > 0 && !video.transcript_edited_at) return stored;
  if (!video.transcript?.trim()) return stored;
  try {
    return parseTranscriptFile(video.transcript, { filename: 'transcript.txt' }).segments;
  } catch {
    // Not readable as a transcript: the server would find nothing in it either.
    return [];
  }
}
