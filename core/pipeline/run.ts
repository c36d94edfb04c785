import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { Engine } from '../db/database.js';
import { listVideosForRun, type RunVideo } from '../db/repositories/city-videos.js';
import { listUrlsForCity } from '../db/repositories/city-urls.js';
import { finishRun, insertRun } from '../db/repositories/pipeline-runs.js';
import type { City, CityUrl } from '../db/schema.js';
import type { ModelCall } from '../ports/language-model.js';
import type { PipelineDeps } from './deps.js';
import { initialProgress, reduceProgress, type PipelineEvent, type ProgressState, type RunStage, type StageOutcome, type VideoStageName } from './progress.js';
import { discoverAndRecordSource } from './source-discovery.js';
import { markDeadRunsInterrupted } from './dead-runs.js';
import { estimateRunCost, type CityCostEstimate } from './dry-run-estimate.js';
import { BUDGET_REASON, INTERRUPTED_REASON, RunStopped } from './run-stop.js';
import { withVideoLocks, type VideoLocks } from './video-locks.js';
import { errorText } from './video-stage.js';
import { runVideoStages } from './video-work.js';

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

export interface PlannedVideo {
  id: string;
  videoId: string;
  title: string | null;
  stages: VideoStageName[];
}

export interface RunSummary {
  runId: string | null;
  dryRun: boolean;
  progress: ProgressState;
  budgetReached: boolean;
  /** The run was asked to stop before its end: what it did not do is left for the next run. */
  interrupted: boolean;
  durationMs: number;
  /** The run's videos, and how many of them another run was working on (they were left to it). */
  videos: { total: number; heldByOtherRuns: number };
  /** A dry run's plan, with its model cost per city (null when the analyzer cannot estimate). */
  plan?: { sources: { id: string; url: string }[]; videos: PlannedVideo[]; estimates: CityCostEstimate[] | null };
}

const MODEL_STAGES: ReadonlySet<VideoStageName> = new Set(['analysis', 'story']);

/**
 * Runs the stages for every selected video of the given cities. Each stage has its own
 * queue, so one video can be in its story while the next is in analysis; a failure ends that
 * video's run and nothing else. Everything a stage does is recorded per video, so a rerun
 * after a crash picks up where the last one stopped.
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
  let status: 'done' | 'failed' | 'interrupted' = 'done';
  let plan: RunSummary['plan'];
  try {
    const sources = await selectSources(deps, request);
    if (request.stages.includes('discover')) await discoverAll(deps, request, sources, emit, held === null);
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
      const planned = videos.map((v) => planVideo(v, videoStages, request.force));
      const estimates = await estimateRunCost(
        deps,
        request.cities,
        planned.map((video, index) => ({ id: video.id, cityId: videos[index]!.city_id, stages: video.stages })),
      );
      plan = { sources: sources.map((s) => ({ id: s.source.id, url: s.source.url })), videos: planned, estimates };
    } else {
      const onCall = (call: ModelCall) => {
        budget.spent += call.costUsd;
        emit({ type: 'model-call', call, at: Date.now() });
        if (request.maxCostUsd !== undefined && !budget.reached && budget.spent >= request.maxCostUsd) {
          budget.reached = true;
          emit({ type: 'budget-reached', spentUsd: budget.spent, limitUsd: request.maxCostUsd, at: Date.now() });
        }
      };
      await processVideos(deps, request, videos, videoStages, { locks: held.locks, runId: held.runId, emit, onCall, budget, videoCount });
    }
    // A run is done only when nothing failed: a night where every source failed discovery
    // found nothing, and the report must not call it done.
    if (request.signal?.aborted) status = 'interrupted';
    else if (progress.failures.length > 0) status = 'failed';
  } catch (error) {
    status = request.signal?.aborted ? 'interrupted' : 'failed';
    throw error;
  } finally {
    emit({ type: 'run-finished', at: Date.now() });
    if (runId) await finishRun(deps.db, runId, status, summarize(progress)).catch(() => undefined);
  }
  return {
    runId,
    dryRun: held === null,
    progress,
    budgetReached: budget.reached,
    interrupted: request.signal?.aborted === true,
    durationMs: Date.now() - started,
    videos: videoCount,
    ...(plan ? { plan } : {}),
  };
}

interface SourceOfCity {
  city: City;
  source: CityUrl;
}

async function selectSources(deps: Pick<PipelineDeps, 'db'>, request: RunRequest): Promise<SourceOfCity[]> {
  const result: SourceOfCity[] = [];
  for (const city of request.cities) {
    for (const source of await listUrlsForCity(deps.db, city.id, { contentType: 'video' })) {
      if (!request.sourceId || source.id === request.sourceId) result.push({ city, source });
    }
  }
  return result;
}

async function discoverAll(
  deps: PipelineDeps,
  request: RunRequest,
  sources: SourceOfCity[],
  emit: (event: PipelineEvent) => void,
  dryRun: boolean,
): Promise<void> {
  const queue = new PQueue({ concurrency: request.concurrency });
  for (const { source } of sources) emit({ type: 'stage-queued', stage: 'discover', item: source.id, at: Date.now() });
  await Promise.all(
    sources.map(({ city, source }) =>
      queue.add(async () => {
        emit({ type: 'stage-started', stage: 'discover', item: source.id, at: Date.now() });
        if (dryRun || request.signal?.aborted) {
          const reason = dryRun ? 'dry run' : INTERRUPTED_REASON;
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: dryRun ? 'skipped' : 'undone', reason, at: Date.now() });
          return;
        }
        const abandoned = () => Boolean(request.abortSignal?.aborted);
        try {
          await discoverAndRecordSource(deps, city, source, {
            ...(request.since ? { since: request.since } : {}),
            ...(request.limit ? { limit: request.limit } : {}),
            ...(request.abortSignal ? { signal: request.abortSignal } : {}),
            abandoned,
          });
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: 'done', at: Date.now() });
        } catch (error) {
          // Abandoned, not broken: left undone, and the source keeps its last discovery's record.
          const interrupted = abandoned();
          const reason = interrupted ? INTERRUPTED_REASON : errorText(error);
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: interrupted ? 'undone' : 'failed', reason, at: Date.now() });
        }
      }),
    ),
  );
}

interface VideoRunContext {
  locks: VideoLocks;
  runId: string | null;
  emit: (event: PipelineEvent) => void;
  onCall: (call: ModelCall) => void;
  budget: { reached: boolean };
  videoCount: { heldByOtherRuns: number };
}

async function processVideos(
  deps: PipelineDeps,
  request: RunRequest,
  videos: RunVideo[],
  stages: VideoStageName[],
  context: VideoRunContext,
): Promise<void> {
  const queues = new Map(stages.map((stage) => [stage, new PQueue({ concurrency: request.concurrency })]));
  for (const video of videos) {
    for (const stage of stages) context.emit({ type: 'stage-queued', stage, item: video.id, at: Date.now() });
  }
  await Promise.all(videos.map((video) => processVideo(deps, request, video, stages, queues, context)));
}

async function processVideo(
  deps: PipelineDeps,
  request: RunRequest,
  video: RunVideo,
  stages: VideoStageName[],
  queues: Map<VideoStageName, PQueue>,
  context: VideoRunContext,
): Promise<void> {
  const { emit } = context;
  const label = video.title ?? video.video_id;
  const finish = (stage: VideoStageName, outcome: StageOutcome, reason?: string) =>
    emit({ type: 'stage-finished', stage, item: video.id, label, outcome, ...(reason ? { reason } : {}), at: Date.now() });
  const result = await runVideoStages(deps, {
    cityVideoId: video.id,
    stages: stages.map((stage) => ({ stage, force: request.force ?? false, ...(request.replaceEdited ? { replaceEdited: true } : {}) })),
    locks: context.locks,
    runId: context.runId,
    cityKey: cityKeyOf(request, video),
    ...(request.abortSignal ? { signal: request.abortSignal } : {}),
    onCall: context.onCall,
    schedule: (stage, task) => queues.get(stage)!.add(task),
    // A stop or a spent budget leaves the stages not yet started for the next run.
    stopReason: (stage) => (request.signal?.aborted ? INTERRUPTED_REASON : MODEL_STAGES.has(stage) && context.budget.reached ? BUDGET_REASON : null),
    // Retries and the next chunks of a long meeting are new requests: a stop or a spent
    // budget refuses them, so only the requests already sent overshoot.
    beforeAttempt: () => {
      if (request.signal?.aborted) throw new RunStopped(INTERRUPTED_REASON);
      if (context.budget.reached) throw new RunStopped(BUDGET_REASON);
    },
    onStageStarted: (stage) => emit({ type: 'stage-started', stage, item: video.id, at: Date.now() }),
    onStageFinished: (report) => finish(report.stage, report.outcome, report.outcome === 'done' ? undefined : report.reason),
  });
  if (result.status === 'held') {
    context.videoCount.heldByOtherRuns += 1;
    deps.logger.info({ city: cityKeyOf(request, video), video: video.id, title: label }, 'another run is working on this video: left to it');
    for (const stage of stages) finish(stage, 'skipped', result.reason);
  }
  await deps.afterVideo?.(video.id);
}

function cityKeyOf(request: RunRequest, video: RunVideo): string {
  return request.cities.find((city) => city.id === video.city_id)?.location_key ?? video.city_id;
}

function planVideo(video: RunVideo, stages: VideoStageName[], force = false): PlannedVideo {
  const needed = stages.filter((stage) => {
    if (force) return true;
    if (stage === 'transcript') return !video.has_transcript;
    if (stage === 'analysis') return !video.has_analysis;
    if (stage === 'story') return !video.has_story;
    return true;
  });
  return { id: video.id, videoId: video.video_id, title: video.title, stages: needed };
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

export function summarize(progress: ProgressState): Record<string, unknown> {
  return { stages: progress.stages, failures: progress.failures, model: progress.model, budget: progress.budget };
}
