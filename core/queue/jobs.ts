import { z } from 'zod';
import type { VideoStageName } from '../pipeline/progress.js';

/** The per-video stages in pipeline order (RUN_STAGES without discovery). */
export const VIDEO_STAGES = ['transcript', 'analysis', 'story', 'verify'] as const satisfies readonly VideoStageName[];

/**
 * What the pipeline's jobs carry. Each stage of a video is its own job in its own queue, keyed
 * by the video's id (a source's id for discovery), so the same work enqueued twice is one job.
 * `stages` is what the enqueuer asked for: a finished stage enqueues the next one of them.
 */
const stageList = z.array(z.enum(VIDEO_STAGES));

const common = {
  cityKey: z.string(),
  stages: stageList,
  force: z.boolean().default(false),
  /** A queue_budgets row when the enqueuer gave --max-cost. */
  budgetId: z.string().nullable().default(null),
};

export const discoverJobSchema = z.object({
  ...common,
  cityId: z.string(),
  sourceId: z.string(),
  since: z.string().nullable().default(null),
  limit: z.number().int().positive().nullable().default(null),
});

export const stageJobSchema = z.object({
  ...common,
  cityVideoId: z.string(),
  /** Story only: the admin's extra instructions. */
  additionalContext: z.string().nullable().default(null),
  /** Story only: replace a story a person edited (the site's confirmed regenerate). */
  replaceEdited: z.boolean().default(false),
  /** 'function': a visitor's or admin's request from the site, waited for by the server. */
  trigger: z.enum(['run', 'function']).default('run'),
});

export const batchJobSchema = z.object({
  status: z.string(),
  stages: z.array(z.string()).optional(),
});

export type DiscoverJob = z.infer<typeof discoverJobSchema>;
export type StageJob = z.infer<typeof stageJobSchema>;

const QUEUE_PREFIX = 'civic-';
export const DISCOVER_QUEUE = `${QUEUE_PREFIX}discover`;
/** A scheduled batch (`civic schedule add`) lands here: a worker enqueues the cities' work. */
export const SCHEDULE_QUEUE_PREFIX = `${QUEUE_PREFIX}schedule-`;

export function stageQueue(stage: VideoStageName): string {
  return `${QUEUE_PREFIX}${stage}`;
}

const STAGE_QUEUES: readonly string[] = VIDEO_STAGES.map(stageQueue);
export const PIPELINE_QUEUES: readonly string[] = [DISCOVER_QUEUE, ...STAGE_QUEUES];

/** The stage a queue name stands for ('discover' too), or null for a schedule's queue. */
export function stageOfQueue(queue: string): VideoStageName | 'discover' | null {
  if (queue === DISCOVER_QUEUE) return 'discover';
  const stage = VIDEO_STAGES.find((each) => stageQueue(each) === queue);
  return stage ?? null;
}

/** The stage after `stage` among those asked for, if any. */
export function nextStage(stage: VideoStageName, stages: readonly VideoStageName[]): VideoStageName | null {
  const order = VIDEO_STAGES.indexOf(stage);
  return VIDEO_STAGES.find((each, index) => index > order && stages.includes(each)) ?? null;
}
