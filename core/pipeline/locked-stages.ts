import type { Engine } from '../db/database.js';
import { findVideoById } from '../db/repositories/city-videos.js';
import type { CityVideo } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { PipelineDeps } from './deps.js';
import { withVideoLocks } from './video-locks.js';
import { runVideoStages, type BusyWait, type StagePlan } from './video-work.js';

export type { BusyWait } from './video-work.js';

/** What a caller sees when a pipeline run (or another server) holds the video past the wait. */
export const VIDEO_BUSY_MESSAGE = 'This meeting is being processed right now; try again in a minute';

/**
 * A visitor clicking "Analyze" while a batch analyses the same meeting wants that analysis,
 * not an error and not a second model call: wait a little for the batch, then answer busy.
 */
const DEFAULT_BUSY_WAIT: BusyWait = { waitMs: 10_000, pollMs: 250 };

export interface LockedStagesOptions {
  busyWait?: BusyWait;
  /** While waiting: the video already has what the caller wants (the other worker stored it). */
  ready?: (video: CityVideo) => boolean;
}

/**
 * Stages for one video outside a pipeline run (the model functions, a transcript fetch, the
 * quote check after an admin's edit), through the same orchestration as runs and jobs
 * (video-work.ts), on a lock session of their own. A failure throws its error, a video held
 * past the wait answers busy, and quotes are checked again after any stage that changed the
 * video. Returns the video as stored afterwards.
 */
export async function runLockedStages(
  deps: PipelineDeps & { engine: Engine },
  cityVideoId: string,
  stages: readonly StagePlan[],
  options: LockedStagesOptions = {},
): Promise<CityVideo> {
  const result = await withVideoLocks(deps.db, deps.engine, (locks) =>
    runVideoStages(deps, {
      cityVideoId,
      stages,
      locks,
      runId: null,
      busyWait: options.busyWait ?? DEFAULT_BUSY_WAIT,
      ...(options.ready ? { ready: options.ready } : {}),
      verifyAfterChange: true,
    }),
  );
  if (result.status === 'held') throw new AppError('CONFLICT', VIDEO_BUSY_MESSAGE);
  for (const each of result.stages) {
    if (each.stage === 'verify' && !stages.some((plan) => plan.stage === 'verify')) continue;
    if (each.outcome === 'failed') throw each.error;
    // Only a run stops stages (budget, Ctrl-C); should one stop here, it is not a success.
    if (each.outcome === 'undone') throw new AppError('CONFLICT', `The ${each.stage} stopped before its end: ${each.reason}`);
  }
  const video = await findVideoById(deps.db, cityVideoId);
  if (!video) throw new AppError('NOT_FOUND', `Video ${cityVideoId} was deleted meanwhile`);
  return video;
}
