import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { Analyzer, CallContext } from '../ports/language-model.js';
import type { TranscriptSource } from '../ports/transcript-source.js';
import type { VideoSource } from '../ports/video-source.js';

/** What the stages need; each stage takes only the parts it uses. */
export interface PipelineDeps {
  db: Kysely<DB>;
  logger: Logger;
  videoSource: VideoSource;
  transcriptSource: TranscriptSource;
  analyzer: Analyzer;
  /** Called when a video's stages are done (alerts publish new meetings, issue 27); must not throw. */
  afterVideo?: (cityVideoId: string) => Promise<void>;
}

export interface StageOptions {
  /** Redo work that is already done (and overwrite a transcript a person edited). */
  force?: boolean;
  /** Transcript: fetch again although one is stored, but never replace a person's edit. */
  refresh?: boolean;
  signal?: AbortSignal;
  /** Called once the stage has decided there is work to do, before doing it. */
  onStart?: () => Promise<void>;
  /** Model calls are reported here (recorded in llm_calls and counted against the budget). */
  onCall?: CallContext['onCall'];
  /** Asked before each model request is sent; throws to refuse it (a spent budget, a stop). */
  beforeAttempt?: CallContext['beforeAttempt'];
}

/** The model-call context a stage hands its analyzer: the caller's signal and hooks. */
export function callContextOf(options: StageOptions): CallContext {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.beforeAttempt ? { beforeAttempt: options.beforeAttempt } : {}),
  };
}

/** `stored`: skipped because the stage's result is already there, i.e. nothing is left to do. */
export type StageResult = { outcome: 'done' } | { outcome: 'skipped'; reason: string; stored?: true };

export const done: StageResult = { outcome: 'done' };
export const skipped = (reason: string): StageResult => ({ outcome: 'skipped', reason });
export const alreadyStored = (reason: string): StageResult => ({ outcome: 'skipped', reason, stored: true });
