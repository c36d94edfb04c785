import { isModelStage, type VideoStageName } from '../pipeline/progress.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { DISCOVER_QUEUE, SCHEDULE_QUEUE_PREFIX, stageOfQueue, VIDEO_STAGES } from './jobs.js';

// What a worker (worker.ts) asks the queue for besides its slots' chains and its plain fetches.

/** Takes a job ahead of the next stage of a finished one, at a batch's tail; else null. */
export type TakeAhead = (finishedQueue: string, nextQueue: string) => Promise<QueuedJob | null>;

/**
 * A batch's tail: fewer jobs wait to start a video's model stages than the fleet has slots.
 * Each slot going on with its own video, a whole chain of model calls, would leave slots idle
 * while the last videos start late, one chain after the others (issue 26: 60 videos on 8 slots
 * took 8 chains' time, not 7.5). So a slot that finished a model stage whose next is a model
 * stage too takes a waiting job of an earlier stage (the most model calls still ahead of it)
 * and hands its own next stage to the queue, where a slot that frees up takes it: later stages
 * first. Away from the tail, while a discovery may still be adding videos, and with a fleet of
 * one slot, nothing is taken.
 */
export async function takeAheadAtTail(queue: JobQueue, pipelineQueues: readonly string[], fleetSlots: number, finishedQueue: string, nextQueue: string): Promise<QueuedJob | null> {
  const finished = videoStageOf(finishedQueue);
  const next = videoStageOf(nextQueue);
  if (fleetSlots < 2 || !finished || !next || !isModelStage(finished) || !isModelStage(next)) return null;
  const earlier = pipelineQueues.filter((name) => {
    const stage = videoStageOf(name);
    return stage !== null && VIDEO_STAGES.indexOf(stage) <= VIDEO_STAGES.indexOf(finished);
  });
  return queue.takeAhead(earlier, fleetSlots, [DISCOVER_QUEUE]);
}

function videoStageOf(queue: string): VideoStageName | null {
  const stage = stageOfQueue(queue);
  return stage === 'discover' ? null : stage;
}

/** The schedules' queues, looked up at most every 30 s: a schedule added meanwhile is picked up without a restart. */
export function cachedScheduleQueues(queue: JobQueue): () => Promise<string[]> {
  let names: string[] = [];
  let at = 0;
  return async () => {
    if (Date.now() - at > 30_000) {
      names = (await queue.schedules()).map((entry) => entry.queue).filter((name) => name.startsWith(SCHEDULE_QUEUE_PREFIX));
      at = Date.now();
    }
    return names;
  };
}
