import type { TranscriptSegment } from '../transcript.js';

export type TranscriptFileFormat =
  | 'webvtt' | 'srt'
  | 'json-seconds' | 'json-milliseconds' | 'json-segments'
  | 'cdp-sentences' | 'cdp-words' | 'cdp-v4'
  | 'timestamped-text' | 'plain-text';

export interface ParsedTranscript {
  segments: TranscriptSegment[];
  format: TranscriptFileFormat;
  /** False when times were estimated from word position (plain text without timestamps). */
  timed: boolean;
}

/** The file is not a transcript in any supported format; the message is one line for the user. */
export class TranscriptFormatError extends Error {
  override name = 'TranscriptFormatError';
}
