import { findVideoWithCity, type StageVideo } from '../db/repositories/stage-videos.js';
import { insertLlmCall } from '../db/repositories/llm-calls.js';
import { handBackRunningStages, markStageFinished, markStageRunning, settleStoredStage } from '../db/repositories/video-stages.js';
import { isAppError } from '../errors.js';
import type { ModelCall } from '../ports/language-model.js';
import type { PipelineDeps, StageOptions, StageResult } from './deps.js';
import type { VideoStageName } from './progress.js';
import { INTERRUPTED_REASON, RunStopped } from './run-stop.js';
import { analyzeStage } from './stages/analysis.js';
import { writeStoryStage } from './stages/story.js';
import { fetchTranscriptStage } from './stages/transcript.js';
import { verifyStage } from './stages/verify.js';

type StoryExtras = { additionalContext?: string | null; replaceEdited?: boolean };

export interface StageRequest {
  stage: VideoStageName;
  /** The pipeline run doing it; null for a function or an admin's edit. */
  runId: string | null;
  /** The city's key, for log lines (a run knows it; a function names the city's id). */
  cityKey?: string;
  force?: boolean;
  /** Transcript only: fetch again even when one is stored, still keeping a person's edit. */
  refresh?: boolean;
  /** Story only: extra instructions for the writer. */
  additionalContext?: string | null;
  /** Story only: a forced rewrite replaces a story a person edited (their text stays a revision). */
  replaceEdited?: boolean;
  /** Abandons the work in flight (a second Ctrl-C): the stage is handed back, not failed. */
  signal?: AbortSignal;
  /** Told of each model call once it is recorded (a run's budget and progress). */
  onCall?: (call: ModelCall) => void | Promise<void>;
  /** Asked before each model request is sent; throws RunStopped to refuse it. */
  beforeAttempt?: () => void;
}

/** 'stopped': started, then stopped by the run (budget, interrupt) and handed back as pending. */
export type StageRun = StageResult | { outcome: 'failed'; reason: string; error: unknown } | { outcome: 'stopped'; reason: string };

/**
 * One stage for one video with its bookkeeping: the video_stages row (running once there is
 * work, then done or failed) and every model call in llm_calls. The caller holds the video's
 * lock (video-locks.ts): a pipeline run for the whole video, a function for its stages
 * (locked-stages.ts). Only the orchestration (video-work.ts) calls it.
 */
export async function executeStage(deps: PipelineDeps, cityVideoId: string, request: StageRequest): Promise<StageRun> {
  const { stage, runId } = request;
  const started = performance.now();
  // Always from the database: the previous stage (or a person) may have changed the row.
  const video = await findVideoWithCity(deps.db, cityVideoId);
  if (!video) return { outcome: 'skipped', reason: 'video was deleted' };
  // Each line names the city, the video and its title: a cron log is read without a database at hand.
  const log = deps.logger.child({
    city: request.cityKey ?? video.city_id,
    video: cityVideoId,
    title: video.title ?? video.video_id,
    stage,
    ...(runId ? {} : { trigger: 'function' }),
  });
  const options: StageOptions & StoryExtras = {
    force: request.force ?? false,
    ...(request.refresh ? { refresh: true } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.additionalContext !== undefined ? { additionalContext: request.additionalContext } : {}),
    ...(request.replaceEdited ? { replaceEdited: true } : {}),
    // The row is touched only when there is work: a stage already done stays 'done' on a rerun.
    onStart: () => markStageRunning(deps.db, cityVideoId, stage, runId),
    onCall: async (call: ModelCall) => {
      await insertLlmCall(deps.db, { ...call, cityVideoId, runId, provider: deps.analyzer.kind, error: call.error ?? null });
      await request.onCall?.(call);
    },
    ...(request.beforeAttempt ? { beforeAttempt: request.beforeAttempt } : {}),
  };
  try {
    const result = await runStage(deps, video, stage, options);
    const durationMs = performance.now() - started;
    if (result.outcome === 'done') await markStageFinished(deps.db, cityVideoId, stage, { status: 'done', durationMs, error: null, runId });
    else if (result.stored) await settleStoredStage(deps.db, cityVideoId, stage, runId);
    log.info({ outcome: result.outcome, ms: Math.round(durationMs) }, 'stage finished');
    return result;
  } catch (error) {
    // Stopped by its run, not broken: what it did not finish is the next run's to do.
    const stop = error instanceof RunStopped ? error.reason : request.signal?.aborted ? INTERRUPTED_REASON : null;
    if (stop) {
      log.info({ reason: stop }, 'stage handed back');
      await handBackRunningStages(deps.db, cityVideoId, stage);
      return { outcome: 'stopped', reason: stop };
    }
    const reason = errorText(error);
    log.warn({ err: reason }, 'stage failed');
    await markStageFinished(deps.db, cityVideoId, stage, { status: 'failed', error: reason, durationMs: performance.now() - started, runId }).catch(
      () => undefined,
    );
    return { outcome: 'failed', reason, error };
  }
}

function runStage(
  deps: PipelineDeps,
  video: StageVideo,
  stage: VideoStageName,
  options: StageOptions & StoryExtras,
): Promise<StageResult> {
  switch (stage) {
    case 'transcript':
      return fetchTranscriptStage(deps, video, options);
    case 'analysis':
      return analyzeStage(deps, video, options);
    case 'story':
      return writeStoryStage(deps, video, options);
    case 'verify':
      return verifyStage(deps, video, options);
  }
}

export function errorText(error: unknown): string {
  if (isAppError(error)) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
