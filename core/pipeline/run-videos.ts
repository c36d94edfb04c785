import PQueue from 'p-queue';
import type { RunVideo } from '../db/repositories/city-videos.js';
import type { ModelCall } from '../ports/language-model.js';
import type { PipelineDeps } from './deps.js';
import type { PipelineEvent, StageOutcome, VideoStageName } from './progress.js';
import type { RunRequest } from './run.js';
import { BUDGET_REASON, INTERRUPTED_REASON, RunStopped } from './run-stop.js';
import type { VideoLocks } from './video-locks.js';
import { runVideoStages } from './video-work.js';

// A pipeline run's videos: each stage has its own queue, so one video can be in its story
// while the next is in analysis; each video's stages go through the one orchestration
// (video-work.ts) under the video's lock.

const MODEL_STAGES: ReadonlySet<VideoStageName> = new Set(['analysis', 'story']);

export interface VideoRunContext {
  locks: VideoLocks;
  runId: string | null;
  emit: (event: PipelineEvent) => void;
  onCall: (call: ModelCall) => void;
  budget: { reached: boolean };
  videoCount: { heldByOtherRuns: number };
}

export async function processVideos(
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
