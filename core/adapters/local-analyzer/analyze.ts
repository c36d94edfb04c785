import type { AnalysisResults, Generator } from '../../domain/analysis.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { AppError } from '../../errors.js';
import { extractActionItems } from './action-items.js';
import { findMeetingDate } from './dates.js';
import { extractEntities } from './entities.js';
import { pickHighlights } from './highlights.js';
import { detectBody } from './meeting.js';
import { scoreSentences } from './scoring.js';
import { splitSentences, type Sentence } from './sentences.js';
import { buildSummary } from './summary.js';

export const LOCAL_MODEL = 'local-extractive-v1';

export interface AnalyzeTranscriptInput {
  segments: readonly TranscriptSegment[];
  title?: string;
  description?: string;
  /** The day relative phrases ("next Tuesday") are read from; defaults to a date in the title or description, then `now`. */
  meetingDate?: Date | string;
  now?: Date;
}

export function localGenerator(now: Date): Generator {
  return { kind: 'local', model: LOCAL_MODEL, generated_at: now.toISOString() };
}

/** Sentences of a transcript, or the error every front door shows for an empty one. */
export function requireSentences(segments: readonly TranscriptSegment[]): Sentence[] {
  const sentences = splitSentences(segments.filter((segment) => segment.text.trim() !== ''));
  if (sentences.length === 0) throw new AppError('BAD_INPUT', 'Transcript is empty');
  return sentences;
}

export function referenceDate(input: { meetingDate?: Date | string; title?: string; description?: string; now?: Date }): Date {
  if (input.meetingDate !== undefined) {
    const date = new Date(input.meetingDate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return findMeetingDate(input.title, input.description) ?? input.now ?? new Date();
}

/**
 * The offline analyzer: extractive summary and highlights, rule-based action items, entities
 * from compromise plus patterns. No network, no key; the same input gives the same output
 * (apart from `generated_at`).
 */
export function analyzeTranscript(input: AnalyzeTranscriptInput): AnalysisResults {
  const now = input.now ?? new Date();
  const sentences = requireSentences(input.segments);
  const first = sentences[0]!;
  const last = sentences[sentences.length - 1]!;
  const durationMs = Math.max(1, last.end_ms - first.start_ms);
  const scored = scoreSentences(sentences);
  const body = detectBody(input.title, input.description, sentences);
  return {
    summary: buildSummary(scored, durationMs).join(' '),
    highlights: pickHighlights(scored, durationMs),
    action_items: extractActionItems(sentences, body, referenceDate(input)),
    entities: extractEntities(scored),
    generator: localGenerator(now),
  };
}
