import type { TranscriptSegment } from '../domain/transcript.js';

export interface FetchTranscriptOptions {
  /** Caption language (ISO code such as "en"); adapters pick a sensible default. */
  lang?: string;
  /** Aborts the requests in flight; the abort reason is thrown. */
  signal?: AbortSignal;
}

/**
 * The timed transcript of one video, in milliseconds, in order, without empty segments.
 * Throws AppError: NOT_FOUND ("Captions are disabled for video X", video unavailable, no
 * captions in that language), RATE_LIMITED (YouTube throttling this address), UPSTREAM
 * (network failure or timeout), BAD_INPUT (not a video id).
 */
export interface TranscriptSource {
  fetchTranscript(videoId: string, options?: FetchTranscriptOptions): Promise<TranscriptSegment[]>;
}
