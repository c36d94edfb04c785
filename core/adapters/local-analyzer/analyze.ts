import type { AnalysisResults, Generator } from '../../domain/analysis.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { AppError } from '../../errors.js';
import { extractActionItems } from './action-items.js';
import { decisionRecords } from './decision-record.js';
import { findMeetingDate } from './dates.js';
import { extractEntities } from './entities.js';
import { pickHighlights } from './highlights.js';
import { buildMeetingModel, cityFromBody } from './meeting-model.js';
import { LOCAL_MODEL } from './model-name.js';
import { buildSummary } from './summary.js';

export interface AnalyzeTranscriptInput {
  segments: readonly TranscriptSegment[];
  title?: string;
  description?: string;
  /** The day relative phrases ("next Tuesday") are read from; defaults to a date in the title or description, then `now`. */
  meetingDate?: Date | string;
  now?: Date;
  /** False for a transcript without times (plain text: times estimated from word position); no timestamp is then given. */
  timed?: boolean;
  /** The city the meeting belongs to, when the caller knows it ("Knoxville"). */
  cityName?: string;
}

export function localGenerator(now: Date): Generator {
  return { kind: 'local', model: LOCAL_MODEL, generated_at: now.toISOString() };
}

/** The error every front door shows for a transcript with no words in it. */
function requireWords(segments: readonly TranscriptSegment[]): void {
  if (!segments.some((segment) => segment.text.trim() !== '')) throw new AppError('BAD_INPUT', 'Transcript is empty');
}

export function referenceDate(input: { meetingDate?: Date | string; title?: string; description?: string; now?: Date }): Date {
  if (input.meetingDate !== undefined) {
    const date = new Date(input.meetingDate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return findMeetingDate(input.title, input.description) ?? input.now ?? new Date();
}

/**
 * The offline analyzer: extractive summary and highlights, rule-based decisions and action
 * items, entities from name patterns and the speakers' labels. No network, no key; the same
 * input gives the same output (apart from `generated_at`).
 */
export function analyzeTranscript(input: AnalyzeTranscriptInput): AnalysisResults {
  const now = input.now ?? new Date();
  requireWords(input.segments);
  const model = buildMeetingModel(input.segments, input.title, input.description);
  const { sentences, body, speakers, decisions, items, durationMs } = model;
  return {
    summary: buildSummary({ sentences, decisions, items, speakers, durationMs, timed: input.timed !== false }).join(' '),
    highlights: pickHighlights(sentences, durationMs, input.timed !== false),
    action_items: extractActionItems({ sentences, decisions, speakers, body, reference: referenceDate(input) }).map((item) =>
      input.timed === false ? { ...item, start_ms: null } : item,
    ),
    entities: extractEntities({ sentences, speakers, city: input.cityName ?? cityFromBody(body) }),
    decisions: decisionRecords(model).map((decision) =>
      input.timed === false ? { ...decision, evidence: decision.evidence.map((said) => ({ ...said, start_ms: null })) } : decision,
    ),
    generator: localGenerator(now),
  };
}
