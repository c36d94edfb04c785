import type { Kysely } from 'kysely';
import { listVideosForRun, type RunVideo } from '../db/repositories/city-videos.js';
import { listUrlsForCity } from '../db/repositories/city-urls.js';
import type { City, DB } from '../db/schema.js';
import type { RunStage, VideoStageName } from '../pipeline/progress.js';
import { createBudget } from '../db/repositories/queue-budgets.js';
import { DISCOVER_QUEUE, stageQueue, VIDEO_STAGES, type DiscoverJob, type StageJob } from './jobs.js';
import type { JobQueue } from './job-queue.js';

export interface EnqueueRequest {
  cities: City[];
  sourceId?: string;
  since?: Date;
  limit?: number;
  stages: readonly RunStage[];
  force?: boolean;
  maxCostUsd?: number;
}

/** What an enqueue added, per queue, and how much was already waiting or running. */
export interface EnqueueSummary {
  enqueued: Record<string, number>;
  alreadyQueued: number;
  budgetId: string | null;
}

/**
 * `civic ingest|batch --queue` and scheduled batches: a discovery job per source when discovery
 * is asked for (it enqueues its videos once it has found them), otherwise the first stage each
 * video still needs. Returns at once; workers do the work.
 */
export async function enqueueRun(db: Kysely<DB>, queue: JobQueue, request: EnqueueRequest): Promise<EnqueueSummary> {
  const budgetId = request.maxCostUsd === undefined ? null : await createBudget(db, request.maxCostUsd);
  const summary: EnqueueSummary = { enqueued: {}, alreadyQueued: 0, budgetId };
  const stages = request.stages.filter((stage): stage is VideoStageName => stage !== 'discover');
  const common = { stages, force: request.force ?? false, budgetId };
  for (const city of request.cities) {
    if (request.stages.includes('discover')) {
      for (const source of await listUrlsForCity(db, city.id, { contentType: 'video' })) {
        if (request.sourceId && source.id !== request.sourceId) continue;
        const job: DiscoverJob = {
          ...common,
          cityKey: city.location_key,
          cityId: city.id,
          sourceId: source.id,
          since: request.since?.toISOString() ?? null,
          limit: request.limit ?? null,
        };
        count(summary, DISCOVER_QUEUE, await queue.send(DISCOVER_QUEUE, job, source.id));
      }
      continue;
    }
    const videos = await listVideosForRun(db, {
      cityIds: [city.id],
      ...(request.sourceId ? { sourceId: request.sourceId } : {}),
      ...(request.since ? { since: request.since } : {}),
      ...(request.limit ? { limit: request.limit } : {}),
    });
    await enqueueVideos(queue, videos, { ...common, cityKey: city.location_key }, summary);
  }
  return summary;
}

/** Each video's first needed stage (a discovery job calls this for what it found). */
export async function enqueueVideos(
  queue: JobQueue,
  videos: readonly RunVideo[],
  common: Pick<StageJob, 'stages' | 'force' | 'budgetId' | 'cityKey'>,
  summary: EnqueueSummary,
): Promise<void> {
  for (const video of videos) {
    const stage = firstNeededStage(video, common.stages, common.force);
    if (!stage) continue;
    const job: StageJob = { ...common, cityVideoId: video.id, additionalContext: null, replaceEdited: false, trigger: 'run' };
    count(summary, stageQueue(stage), await queue.send(stageQueue(stage), job, video.id));
  }
}

/** As a run plans a video: stages already done are passed over unless forced; verification always runs. */
export function firstNeededStage(video: Pick<RunVideo, 'has_transcript' | 'has_analysis' | 'has_story'>, stages: readonly VideoStageName[], force: boolean): VideoStageName | null {
  const done: Record<VideoStageName, boolean> = {
    transcript: video.has_transcript,
    analysis: video.has_analysis,
    story: video.has_story,
    verify: false,
  };
  return VIDEO_STAGES.find((stage) => stages.includes(stage) && (force || !done[stage])) ?? null;
}

export function emptySummary(): EnqueueSummary {
  return { enqueued: {}, alreadyQueued: 0, budgetId: null };
}

function count(summary: EnqueueSummary, queueName: string, id: string | null): void {
  if (id === null) summary.alreadyQueued += 1;
  else summary.enqueued[queueName] = (summary.enqueued[queueName] ?? 0) + 1;
}
