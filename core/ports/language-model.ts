import type { AnalysisResults } from '../domain/analysis.js';
import type { NewsStory } from '../domain/news-story.js';
import type { TranscriptSegment } from '../domain/transcript.js';

/** What a model call was for; a long meeting is analysed in chunks, then merged. */
export type ModelCallPurpose = 'analysis' | 'analysis-chunk' | 'analysis-merge' | 'story';

/**
 * One model call as recorded in `llm_calls`: every HTTP attempt, failed ones included, since
 * they count against rate limits. Tokens and cost are what the model billed (the usage in its
 * answer): an attempt that got no answer, or an error answer, is recorded at zero. Local runs
 * are recorded too, with zero tokens and cost, so reports cover every meeting.
 */
export interface ModelCall {
  model: string;
  purpose: ModelCallPurpose;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  costUsd: number;
  ok: boolean;
  error?: string;
  /** Made by the offline analyzer: rules on this machine, no model, no tokens, no cost. */
  offline?: boolean;
}

export interface CallContext {
  /** Aborts waiting, retrying and the request in flight; the abort reason is thrown. */
  signal?: AbortSignal;
  /**
   * Called after every attempt and awaited. May throw (for example AppError DATABASE_UNAVAILABLE
   * when recording the call finds the database gone): the error stops the run and propagates unchanged.
   */
  onCall?: (call: ModelCall) => void | Promise<void>;
  /**
   * Asked before every HTTP attempt (first tries, retries, each chunk of a long meeting) at
   * the moment it would be sent; throwing refuses it, and the error propagates unchanged. A
   * run's budget and a stop request use it, so only the attempts already sent overshoot.
   */
  beforeAttempt?: () => void;
}

export interface AnalyzeInput {
  segments: readonly TranscriptSegment[];
  title?: string | null;
  description?: string | null;
  /** When the video was published (ISO 8601): the meeting day when the title names none, for "next Tuesday". */
  publishedAt?: string | null;
  /** The host city, named among the entities. */
  cityName?: string | null;
  /** False for a transcript without timings (a text file): no timestamps and no meeting length are stated. */
  timed?: boolean;
}

export interface StoryInput {
  analysis: AnalysisResults;
  segments: readonly TranscriptSegment[];
  title?: string | null;
  description?: string | null;
  cityName?: string | null;
  /** When the video was published (ISO 8601). */
  publishedAt?: string | null;
  additionalContext?: string | null;
  /** False for a transcript without timings: the story says nothing about seconds. */
  timed?: boolean;
}

/** Model work a dry run plans: the transcript length (characters) of each meeting to analyse, and how many stories. */
export interface ModelWork {
  analyses: number[];
  stories: number;
}

/** What that work would cost at the model's list price; `offline`: the local analyzer, always $0. */
export interface ModelEstimate {
  model: string;
  offline: boolean;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

/** Turns a transcript into an analysis, and an analysis into a news story (design §3). */
export interface Analyzer {
  readonly kind: 'local' | 'openai';
  readonly model: string;
  /** Estimates planned work without calling anything (a dry run). */
  estimate?(work: ModelWork): ModelEstimate;
  /** Throws AppError BAD_INPUT for an empty transcript. */
  analyze(input: AnalyzeInput, ctx?: CallContext): Promise<AnalysisResults>;
  writeStory(input: StoryInput, ctx?: CallContext): Promise<NewsStory>;
  /**
   * Loads now what the first call would (an SDK, an NLP library): a long-running worker pays
   * for it as it starts, rather than inside its first jobs.
   */
  prepare?(): Promise<void>;
}
