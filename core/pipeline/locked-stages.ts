import { setTimeout as delay } from 'node:timers/promises';
import type { Engine } from '../db/database.js';
import { findVideoById } from '../db/repositories/city-videos.js';
import type { CityVideo } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { PipelineDeps } from './deps.js';
import { withVideoLocks } from './video-locks.js';
import { executeStage, type StageRequest } from './video-stage.js';

/** What a caller sees when a pipeline run (or another server) holds the video past the wait. */
export const VIDEO_BUSY_MESSAGE = 'This meeting is being processed right now; try again in a minute';

export interface BusyWait {
  /** How long to wait for another worker to let go of the video; 0 answers at once. */
  waitMs: number;
  pollMs: number;
}

/**
 * A visitor clicking "Analyze" while a batch analyses the same meeting wants that analysis,
 * not an error and not a second model call: wait a little for the batch, then answer busy.
 */
export const DEFAULT_BUSY_WAIT: BusyWait = { waitMs: 10_000, pollMs: 250 };

export interface LockedStagesOptions {
  busyWait?: BusyWait;
  /** While waiting: the video already has what the caller wants (the other worker stored it). */
  ready?: (video: CityVideo) => boolean;
}

/**
 * Stages for one video outside a pipeline run (the model functions, a transcript fetch, the
 * quote check after an admin's edit), under the same video lock as the runs and with the same
 * bookkeeping. Stages run in order, a failure ends them with its error, and quotes are checked
 * again after any stage that changed the video. Returns the video as stored afterwards.
 */
export async function runLockedStages(
  deps: PipelineDeps & { engine: Engine },
  cityVideoId: string,
  requests: readonly Omit<StageRequest, 'runId'>[],
  options: LockedStagesOptions = {},
): Promise<CityVideo> {
  const wait = options.busyWait ?? DEFAULT_BUSY_WAIT;
  return withVideoLocks(deps.db, deps.engine, async (locks) => {
    const deadline = Date.now() + wait.waitMs;
    while (!(await locks.tryLock(cityVideoId))) {
      const video = await requireVideo(deps, cityVideoId);
      if (options.ready?.(video)) return video;
      if (Date.now() >= deadline) throw new AppError('CONFLICT', VIDEO_BUSY_MESSAGE);
      await delay(wait.pollMs);
    }
    try {
      let changed = false;
      for (const request of requests) {
        const result = await executeStage(deps, cityVideoId, { ...request, runId: null });
        if (result.outcome === 'failed') throw result.error;
        // Only a run stops stages (budget, Ctrl-C); should one stop here, it is not a success.
        if (result.outcome === 'stopped') throw new AppError('CONFLICT', `The ${request.stage} stopped before its end: ${result.reason}`);
        if (result.outcome === 'done') changed = true;
      }
      // A failed check is recorded on the video's verify row; the stage's own work stands.
      if (changed && !requests.some((request) => request.stage === 'verify')) await executeStage(deps, cityVideoId, { stage: 'verify', runId: null });
    } finally {
      await locks.unlock(cityVideoId);
    }
    return requireVideo(deps, cityVideoId);
  });
}

async function requireVideo(deps: Pick<PipelineDeps, 'db'>, cityVideoId: string): Promise<CityVideo> {
  const video = await findVideoById(deps.db, cityVideoId);
  if (!video) throw new AppError('NOT_FOUND', `Video ${cityVideoId} was deleted meanwhile`);
  return video;
}
