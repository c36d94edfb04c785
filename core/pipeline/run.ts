import { randomUUID } from 'node:crypto';
import type { Engine } from '../db/database.js';
import { listVideosForRun } from '../db/repositories/city-videos.js';
import { finishRun, insertRun } from '../db/repositories/pipeline-runs.js';
import type { City } from '../db/schema.js';
import type { ModelCall } from '../ports/language-model.js';
import type { PipelineDeps } from './deps.js';
import { markDeadRunsInterrupted } from './dead-runs.js';
import { initialProgress, reduceProgress, type PipelineEvent, type ProgressState, type RunStage, type VideoStageName } from './progress.js';
import { planRun, type RunPlan } from './run-plan.js';
import { databaseCutOff, noticeDatabaseLoss, RunCutOff } from './run-stop.js';
import { discoverAll, selectSources } from './run-sources.js';
import { processVideos } from './run-videos.js';
import { withVideoLocks, type VideoLocks } from './video-locks.js';

export type { PlannedVideo } from './run-plan.js';

export interface RunRequest {
  command: string;
  cities: City[];
  /** Only this source (a city_urls id) of the cities. */
  sourceId?: string;
  /** Only these videos (our ids), e.g. `civic analyze <video>`. */
  videoIds?: string[];
  since?: Date;
  /** The newest N videos per run (and per source when discovering). */
  limit?: number;
  stages: RunStage[];
  concurrency: number;
  force?: boolean;
  /** With force: also rewrite stories a person edited. */
  replaceEdited?: boolean;
  /** Say what would be done: no network, no model calls, no writes. */
  dryRun?: boolean;
  maxCostUsd?: number;
  onEvent?: (event: PipelineEvent) => void;
  /**
   * Stop (the first Ctrl-C or SIGTERM): start nothing new (no stage, no discovery, no model
   * request, no retry); what is in flight finishes, or is handed back as not started.
   */
  signal?: AbortSignal;
  /** Abandon the work in flight too (a second signal): it is handed back, never failed. */
  abortSignal?: AbortSignal;
}

export interface RunSummary {
  runId: string | null;
  dryRun: boolean;
  progress: ProgressState;
  budgetReached: boolean;
  /** The run was asked to stop before its end, or its database went away (it then throws RunCutOff with this summary): what it did not do is left for the next run. */
  interrupted: boolean;
  durationMs: number;
  /** The run's videos, and how many of them another run was working on (they were left to it). */
  videos: { total: number; heldByOtherRuns: number };
  /** A dry run's plan, with its model cost per city. */
  plan?: RunPlan;
}

/**
 * Runs the stages for every selected video of the given cities: discovery of their sources
 * (run-sources.ts), then each video's stages (run-videos.ts), or a dry run's plan
 * (run-plan.ts). A failure ends that video's run and nothing else. Everything a stage does is
 * recorded per video, so a rerun after a crash picks up where the last one stopped; the run's
 * own row (pipeline_runs) says how it ended.
 */
export async function runPipeline(deps: PipelineDeps & { engine: Engine }, request: RunRequest): Promise<RunSummary> {
  if (request.dryRun) return runWithLocks(deps, request, null);
  return withVideoLocks(deps.db, deps.engine, async (locks) => {
    // Alive (locked) before its row is visible, so no other run's sweep can take it for dead.
    const runId = randomUUID();
    await locks.holdRun(runId);
    await insertRun(deps.db, request.command, describeRequest(request), runId);
    await markDeadRunsInterrupted(deps.db, locks);
    return runWithLocks(deps, request, { locks, runId });
  });
}

async function runWithLocks(
  deps: PipelineDeps & { engine: Engine },
  request: RunRequest,
  held: { locks: VideoLocks; runId: string } | null,
): Promise<RunSummary> {
  const started = Date.now();
  let progress = initialProgress();
  const emit = (event: PipelineEvent) => {
    progress = reduceProgress(progress, event);
    request.onEvent?.(event);
  };
  const runId = held?.runId ?? null;
  // Every log line of the run names it, so one cron night's lines can be picked out of a file.
  deps = { ...deps, logger: deps.logger.child({ runId }) };
  const videoCount = { total: 0, heldByOtherRuns: 0 };
  emit({ type: 'run-started', runId, at: Date.now(), stages: request.stages, cities: request.cities.map((c) => c.location_key) });

  const budget = { spent: 0, reached: false };
  const cutOff = databaseCutOff();
  let status: 'done' | 'failed' | 'interrupted' = 'done';
  let plan: RunSummary['plan'];
  try {
    const sources = await selectSources(deps, request);
    if (request.stages.includes('discover')) await discoverAll(deps, request, sources, emit, held === null, cutOff);
    const videos = await listVideosForRun(deps.db, {
      cityIds: request.cities.map((city) => city.id),
      ...(request.sourceId ? { sourceId: request.sourceId } : {}),
      ...(request.videoIds ? { ids: request.videoIds } : {}),
      ...(request.since ? { since: request.since } : {}),
      ...(request.limit ? { limit: request.limit } : {}),
    });
    videoCount.total = videos.length;
    const videoStages = request.stages.filter((stage): stage is VideoStageName => stage !== 'discover');
    if (!held) {
      plan = await planRun(deps, request, sources, videos, videoStages);
    } else {
      const onCall = (call: ModelCall) => {
        budget.spent += call.costUsd;
        emit({ type: 'model-call', call, at: Date.now() });
        if (request.maxCostUsd !== undefined && !budget.reached && budget.spent >= request.maxCostUsd) {
          budget.reached = true;
          emit({ type: 'budget-reached', spentUsd: budget.spent, limitUsd: request.maxCostUsd, at: Date.now() });
        }
      };
      await processVideos(deps, request, videos, videoStages, { locks: held.locks, runId: held.runId, emit, onCall, budget, videoCount, cutOff });
    }
    // A run is done only when nothing failed: a night where every source failed discovery
    // found nothing, and the report must not call it done.
    if (request.signal?.aborted || cutOff.lost) status = 'interrupted';
    else if (progress.failures.length > 0) status = 'failed';
  } catch (error) {
    status = request.signal?.aborted ? 'interrupted' : 'failed';
    // Cut off from its database between steps: it ends with what it did, as when a stage found it gone.
    if (!noticeDatabaseLoss(cutOff, error)) throw error;
  } finally {
    emit({ type: 'run-finished', at: Date.now() });
    // Cut off, the row cannot be written: the next run finds it without its lock and marks it interrupted.
    if (runId && !cutOff.lost) await finishRun(deps.db, runId, status, summarize(progress)).catch(() => undefined);
  }
  const summary: RunSummary = {
    runId,
    dryRun: held === null,
    progress,
    budgetReached: budget.reached,
    interrupted: request.signal?.aborted === true || cutOff.lost,
    durationMs: Date.now() - started,
    videos: videoCount,
    ...(plan ? { plan } : {}),
  };
  if (cutOff.lost) throw new RunCutOff(summary, cutOff.error);
  return summary;
}

function describeRequest(request: RunRequest): Record<string, unknown> {
  return {
    cities: request.cities.map((city) => city.location_key),
    sourceId: request.sourceId ?? null,
    since: request.since?.toISOString() ?? null,
    limit: request.limit ?? null,
    stages: request.stages,
    concurrency: request.concurrency,
    force: request.force ?? false,
    maxCostUsd: request.maxCostUsd ?? null,
  };
}

function summarize(progress: ProgressState): Record<string, unknown> {
  return { stages: progress.stages, failures: progress.failures, model: progress.model, budget: progress.budget };
}
