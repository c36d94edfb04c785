import { withAbortScope } from '../abort-scope.js';
import type { Engine } from '../db/database.js';
import { findCityById, listCities } from '../db/repositories/cities.js';
import { listVideosForRun } from '../db/repositories/city-videos.js';
import { listUrlsForCity } from '../db/repositories/city-urls.js';
import { markStageFinished } from '../db/repositories/video-stages.js';
import { readStatus } from '../cities/city-input.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { VIDEO_BUSY_MESSAGE } from '../pipeline/locked-stages.js';
import { isModelStage, RUN_STAGES, type RunStage, type VideoStageName } from '../pipeline/progress.js';
import { discoverAndRecordSource } from '../pipeline/source-discovery.js';
import { BUDGET_REASON } from '../pipeline/run-stop.js';
import { errorText } from '../pipeline/video-stage.js';
import { runVideoStages, type VideoWork } from '../pipeline/video-work.js';
import type { VideoLocks } from '../pipeline/video-locks.js';
import type { PrivacyService } from '../privacy/privacy-service.js';
import { budgetReached, spendFromBudget } from '../db/repositories/queue-budgets.js';
import { emptySummary, enqueueRun, enqueueVideos } from './enqueue.js';
import type { ChainedJob, JobQueue, QueuedJob } from './job-queue.js';
import { batchJobSchema, discoverJobSchema, nextStage, stageJobSchema, stageOfQueue, stageQueue, type StageJob } from './jobs.js';
import { isRetryableFault } from './retryable.js';
import type { HeldStages } from './slot-locks.js';

/**
 * How a job ended: completed with its output (and the job its completion enqueues: a video's
 * next stage), or failed (retried by the engine when `retry`).
 */
export type JobOutcome =
  | { status: 'completed'; output: Record<string, unknown>; next?: Omit<ChainedJob, 'take'> }
  | { status: 'failed'; message: string; retry: boolean };

/** What a worker's jobs run with: the pipeline's ports, and the clean-up a scheduled batch does. */
export type WorkerDeps = PipelineDeps & { engine: Engine; privacy: PrivacyService };

export interface JobContext {
  deps: WorkerDeps;
  queue: JobQueue;
  /** The worker's own video locks (one session), the same locks runs and functions take. */
  locks: VideoLocks;
  /** The worker's pipeline_runs row: stage rows and model calls name it, as a run's do. */
  runId: string;
  /** Aborted on a second Ctrl-C or SIGTERM: stop the stage and hand the job back. */
  signal: AbortSignal;
  /** What the worker slot did on the video it holds (slot-locks.ts); absent outside a slot. */
  held?: HeldStages;
}

/** Runs one job of any pipeline queue; a schedule's queue holds batch jobs. */
export function runJob(context: JobContext, job: QueuedJob): Promise<JobOutcome> {
  const stage = stageOfQueue(job.queue);
  if (stage === 'discover') return runDiscoverJob(context, job);
  if (stage) return runStageJob(context, job, stage);
  return runBatchJob(context, job);
}

/**
 * One stage of one video, through the same orchestration as an in-process run (video-work.ts)
 * and under the same per-video lock. Its video_stages row records the outcome (a failure with
 * its error); a finished stage names the next one asked for, which the job's completion
 * enqueues. runVideoStages returns once the video's lock is released, so whoever takes the
 * next stage finds the video free: enqueued while still held, another worker took it within
 * milliseconds, found the video busy and waited out the retry delay (issue 26). A worker slot
 * holds that release back only when the completion hands the next stage to the slot itself
 * (slot-locks.ts).
 */
async function runStageJob(context: JobContext, job: QueuedJob, stage: VideoStageName): Promise<JobOutcome> {
  const data = stageJobSchema.parse(job.data);
  const { deps } = context;
  const budgetId = data.budgetId;
  const result = await runVideoStages(deps, {
    cityVideoId: data.cityVideoId,
    stages: [{ stage, force: data.force, ...(data.additionalContext !== null ? { additionalContext: data.additionalContext } : {}), ...(data.replaceEdited ? { replaceEdited: true } : {}) }],
    locks: context.locks,
    runId: context.runId,
    cityKey: data.cityKey,
    signal: context.signal,
    stopReason: async (each) => (isModelStage(each) && budgetId && (await budgetReached(deps.db, budgetId)) ? BUDGET_REASON : null),
    ...(budgetId ? { onCall: (call) => spendFromBudget(deps.db, budgetId, call.costUsd) } : {}),
    ...(context.held ? heldStagesOf(context.held, data.cityVideoId) : {}),
  });
  if (result.status === 'held') {
    // Another run or a visitor's analysis has the video: retried later. Out of retries, the row says why.
    const lastTry = isLastTry(job);
    if (lastTry) await markStageFinished(deps.db, data.cityVideoId, stage, { status: 'failed', error: VIDEO_BUSY_MESSAGE, durationMs: 0, runId: context.runId });
    return { status: 'failed', message: VIDEO_BUSY_MESSAGE, retry: !lastTry };
  }
  const report = result.stages[0]!;
  if (report.outcome === 'undone') {
    // A spent budget: the job is over, its stage left for a later run; a worker's stop: handed back.
    if (report.reason === BUDGET_REASON) return { status: 'completed', output: { outcome: 'undone', reason: report.reason } };
    return handBack(context, job, stage, data.cityVideoId, report.reason);
  }
  if (report.outcome === 'failed') {
    return { status: 'failed', message: report.reason, retry: !context.signal.aborted ? isRetryableFault(report.error) : true };
  }
  // A site's request verifies only what it changed; a run goes on through its stages.
  const next = data.trigger === 'function' && report.outcome !== 'done' ? null : nextStage(stage, data.stages);
  const output = { outcome: report.outcome, ...('reason' in report ? { reason: report.reason } : {}), next };
  if (next) {
    // The next stage of a forced run is forced too; a function's check is a plain one.
    const nextJob: StageJob = { ...data, additionalContext: null, replaceEdited: false, ...(data.trigger === 'function' ? { force: false } : {}) };
    return { status: 'completed', output, next: { queue: stageQueue(next), data: nextJob, key: data.cityVideoId } };
  }
  // The video's chain is over: its alerts go out now, not at the next scan (a scan never sends twice).
  await deps.afterVideo?.(data.cityVideoId);
  return { status: 'completed', output };
}

/** A slot's chain on one video under one lock: verify after analysis and story there is a shortcut, as in one run. */
function heldStagesOf(held: HeldStages, cityVideoId: string): Pick<VideoWork, 'doneSinceLocked' | 'onStageFinished'> {
  return {
    doneSinceLocked: () => held.doneSinceLocked(cityVideoId),
    onStageFinished: (report) => {
      if (report.outcome === 'done') held.noteDone(cityVideoId, report.stage);
    },
  };
}

function isLastTry(job: QueuedJob): boolean {
  return job.retryCount >= job.retryLimit;
}

/**
 * A stage stopped by a second signal is handed back unfinished, to be taken again by any worker
 * and never chained on. On its last try the engine fails the job, so the row says so too (it
 * would otherwise stay pending under a failed job) and `civic queue retry --failed` takes it up.
 */
async function handBack(context: JobContext, job: QueuedJob, stage: VideoStageName, cityVideoId: string, reason: string): Promise<JobOutcome> {
  if (!isLastTry(job)) return { status: 'failed', message: reason, retry: true };
  const message = `${STOPPED_ON_LAST_TRY} (${reason})`;
  await markStageFinished(context.deps.db, cityVideoId, stage, { status: 'failed', error: message, durationMs: 0, runId: context.runId });
  return { status: 'failed', message, retry: false };
}

export const STOPPED_ON_LAST_TRY = 'Stopped by a worker shutdown on its last try; `civic queue retry --failed` runs it again';

/** Lists a source's videos into the city (recorded in source_syncs), then enqueues each video's first needed stage. */
async function runDiscoverJob(context: JobContext, job: QueuedJob): Promise<JobOutcome> {
  const data = discoverJobSchema.parse(job.data);
  const { deps } = context;
  const city = await findCityById(deps.db, data.cityId);
  const source = city ? (await listUrlsForCity(deps.db, city.id, { contentType: 'video' })).find((each) => each.id === data.sourceId) : undefined;
  if (!city || !source) return { status: 'completed', output: { outcome: 'skipped', reason: 'the city or source was removed' } };
  const since = data.since ? new Date(data.since) : undefined;
  try {
    // Its own scope of the worker's signal: whatever listeners the fetches leave go with it.
    const found = await withAbortScope(context.signal, (signal) =>
      discoverAndRecordSource(deps, city, source, {
        ...(since ? { since } : {}),
        ...(data.limit ? { limit: data.limit } : {}),
        ...(signal ? { signal } : {}),
      }),
    );
    const videos = await listVideosForRun(deps.db, { cityIds: [city.id], sourceId: source.id, ...(since ? { since } : {}), ...(data.limit ? { limit: data.limit } : {}) });
    const summary = emptySummary();
    await enqueueVideos(context.queue, videos, { stages: data.stages, force: data.force, budgetId: data.budgetId, cityKey: data.cityKey }, summary);
    return { status: 'completed', output: { outcome: 'done', found: found.found, inserted: found.inserted, enqueued: summary.enqueued } };
  } catch (error) {
    return { status: 'failed', message: errorText(error), retry: isRetryableFault(error) };
  }
}

/** A schedule's tick: what `civic batch --queue --status <status>` enqueues, plus the nightly privacy clean-up batch does. */
async function runBatchJob(context: JobContext, job: QueuedJob): Promise<JobOutcome> {
  const data = batchJobSchema.parse(job.data);
  const { deps } = context;
  const status = readStatus(data.status);
  const cities = await listCities(deps.db, { status });
  const stages = (data.stages ?? [...RUN_STAGES]).filter((stage): stage is RunStage => (RUN_STAGES as readonly string[]).includes(stage));
  const summary = await enqueueRun(deps.db, context.queue, { cities, stages });
  const removed = await deps.privacy.expire();
  deps.logger.info({ schedule: job.queue, status, cities: cities.length, enqueued: summary.enqueued, removed }, 'scheduled batch enqueued');
  return { status: 'completed', output: { outcome: 'done', status, cities: cities.map((city) => city.location_key), enqueued: summary.enqueued } };
}
