import type { Kysely } from 'kysely';
import { findVideoById } from '../db/repositories/city-videos.js';
import { insertLlmCall } from '../db/repositories/llm-calls.js';
import { markStageFinished, markStageRunning } from '../db/repositories/video-stages.js';
import type { CityVideo, DB, VideoStagesTable } from '../db/schema.js';
import { AppError, isAppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { PipelineDeps, StageOptions, StageResult } from '../pipeline/deps.js';
import { verifyStage } from '../pipeline/stages/verify.js';
import type { Analyzer, ModelCall } from '../ports/language-model.js';

type StageName = VideoStagesTable['stage'];

/**
 * Runs one pipeline stage for one video outside a pipeline run, recording it the way a run
 * does: the stage row (running, then done or failed), every model call in llm_calls, and
 * the verify stage after it so quotes are checked against the transcript as it stands.
 */
export async function runStageForVideo(
  deps: { db: Kysely<DB>; analyzer: Analyzer; logger: Logger },
  cityVideoId: string,
  stage: StageName,
  run: (deps: Pick<PipelineDeps, 'db' | 'analyzer'>, video: CityVideo, options: StageOptions) => Promise<StageResult>,
): Promise<CityVideo> {
  const video = await findVideoById(deps.db, cityVideoId);
  if (!video) throw new AppError('NOT_FOUND', `Video ${cityVideoId} not found`);
  const started = performance.now();
  const log = deps.logger.child({ video: cityVideoId, stage, trigger: 'function' });
  const options: StageOptions = {
    onStart: () => markStageRunning(deps.db, cityVideoId, stage, null),
    onCall: (call: ModelCall) =>
      insertLlmCall(deps.db, { ...call, cityVideoId, runId: null, provider: deps.analyzer.kind, error: call.error ?? null }),
  };
  try {
    const result = await run(deps, video, options);
    if (result.outcome === 'done') {
      await markStageFinished(deps.db, cityVideoId, stage, { status: 'done', durationMs: performance.now() - started });
      await verifyAfter(deps, cityVideoId);
    }
    log.info({ outcome: result.outcome, ms: Math.round(performance.now() - started) }, 'stage finished');
  } catch (error) {
    const reason = isAppError(error) || error instanceof Error ? error.message : String(error);
    log.warn({ err: reason }, 'stage failed');
    await markStageFinished(deps.db, cityVideoId, stage, { status: 'failed', error: reason, durationMs: performance.now() - started }).catch(() => undefined);
    throw error;
  }
  const updated = await findVideoById(deps.db, cityVideoId);
  if (!updated) throw new AppError('NOT_FOUND', `Video ${cityVideoId} was deleted meanwhile`);
  return updated;
}

async function verifyAfter(deps: { db: Kysely<DB> }, cityVideoId: string): Promise<void> {
  const started = performance.now();
  const video = await findVideoById(deps.db, cityVideoId);
  if (!video) return;
  const result = await verifyStage(deps, video);
  if (result.outcome === 'done') await markStageFinished(deps.db, cityVideoId, 'verify', { status: 'done', durationMs: performance.now() - started });
}
