import PQueue from 'p-queue';
import type { RunVideo } from '../db/repositories/city-videos.js';
import type { ModelCall } from '../ports/language-model.js';
import type { PipelineDeps } from './deps.js';
import { isModelStage, type PipelineEvent, type StageOutcome, type VideoStageName } from './progress.js';
import type { RunRequest } from './run.js';
import { BUDGET_REASON, DATABASE_LOST_REASON, INTERRUPTED_REASON, noticeDatabaseLoss, RunStopped, type DatabaseCutOff } from './run-stop.js';
import type { VideoLocks } from './video-locks.js';
import { runVideoStages } from './video-work.js';

// A pipeline run's videos: each stage has its own queue, so one video can be in its story
// while the next is in analysis; each video's stages go through the one orchestration
// (video-work.ts) under the video's lock.

export interface VideoRunContext {
  locks: VideoLocks;
  runId: string | null;
  emit: (event: PipelineEvent) => void;
  onCall: (call: ModelCall) => void;
  budget: { reached: boolean };
  videoCount: { heldByOtherRuns: number };
  cutOff: DatabaseCutOff;
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
  const { emit, cutOff } = context;
  const label = video.title ?? video.video_id;
  const finished = new Set<VideoStageName>();
  const finish = (stage: VideoStageName, outcome: StageOutcome, reason?: string) => {
    finished.add(stage);
    emit({ type: 'stage-finished', stage, item: video.id, label, outcome, ...(reason ? { reason } : {}), at: Date.now() });
  };
  let result: Awaited<ReturnType<typeof runVideoStages>>;
  try {
    result = await runVideoStages(deps, {
      cityVideoId: video.id,
      stages: stages.map((stage) => ({ stage, force: request.force ?? false, ...(request.replaceEdited ? { replaceEdited: true } : {}) })),
      locks: context.locks,
      runId: context.runId,
      cityKey: cityKeyOf(request, video),
      ...(request.abortSignal ? { signal: request.abortSignal } : {}),
      onCall: context.onCall,
      schedule: (stage, task) => queues.get(stage)!.add(task),
      // A stop, a spent budget or a lost database leaves the stages not yet started for the next run.
      stopReason: (stage) =>
        request.signal?.aborted ? INTERRUPTED_REASON : cutOff.lost ? DATABASE_LOST_REASON : isModelStage(stage) && context.budget.reached ? BUDGET_REASON : null,
      // Retries and the next chunks of a long meeting are new requests: a stop or a spent
      // budget refuses them, so only the requests already sent overshoot.
      beforeAttempt: () => {
        if (request.signal?.aborted) throw new RunStopped(INTERRUPTED_REASON);
        if (cutOff.lost) throw new RunStopped(DATABASE_LOST_REASON);
        if (context.budget.reached) throw new RunStopped(BUDGET_REASON);
      },
      onStageStarted: (stage) => emit({ type: 'stage-started', stage, item: video.id, at: Date.now() }),
      onStageFinished: (report) => {
        if (report.outcome === 'failed') noticeDatabaseLoss(cutOff, report.error);
        // With the database gone nothing more is done, failed or skipped here: the next run takes it all up.
        if (cutOff.lost && report.outcome !== 'done') finish(report.stage, 'undone', DATABASE_LOST_REASON);
        else finish(report.stage, report.outcome, report.outcome === 'done' ? undefined : report.reason);
      },
    });
  } catch (error) {
    // Its lock could not be taken or let go: the database is gone (anything else is a bug, thrown on).
    if (!noticeDatabaseLoss(cutOff, error)) throw error;
    for (const stage of stages) if (!finished.has(stage)) finish(stage, 'undone', DATABASE_LOST_REASON);
    return;
  }
  if (result.status === 'held') {
    context.videoCount.heldByOtherRuns += 1;
    deps.logger.info({ city: cityKeyOf(request, video), video: video.id, title: label }, 'another run is working on this video: left to it');
    for (const stage of stages) finish(stage, 'skipped', result.reason);
  }
  if (cutOff.lost) return;
  try {
    await deps.afterVideo?.(video.id);
  } catch (error) {
    if (!noticeDatabaseLoss(cutOff, error)) throw error;
  }
}

function cityKeyOf(request: RunRequest, video: RunVideo): string {
  return request.cities.find((city) => city.id === video.city_id)?.location_key ?? video.city_id;
}
