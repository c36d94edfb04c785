import { isConnectionLoss } from '../db/sturdy-client.js';
import type { WorkerJob } from '../db/schema.js';
import { runJob, type JobContext, type JobOutcome } from './handlers.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import type { SlotLocks } from './slot-locks.js';
import type { TakeAhead } from './worker-choices.js';

// One job in a worker's slot (worker.ts): run, its outcome recorded, and what the slot does next.

export interface JobTally {
  completed: number;
  failed: number;
  retried: number;
}

/** What a slot's job is handled with: the worker's queue, tally and orphans, and its state. */
export interface Slot {
  queue: JobQueue;
  tally: JobTally;
  /** Jobs whose attempt a lost connection cut short, to hand back. */
  orphans: WorkerJob[];
  /** The queues this worker serves. */
  pipelineQueues: readonly string[];
  /** Aborted when the worker's lock session (its connection) was lost. */
  lost: AbortSignal;
  /** Not stopping nor lost. */
  running: () => boolean;
  tail: TakeAhead;
}

/**
 * Runs one job and records its outcome. A completed stage's next one is enqueued with the
 * completion, and handed straight to this worker when it serves that queue and is not
 * stopping: the answer is then that job, to run in the same slot, which keeps the video's lock
 * for it (slot-locks.ts). At a batch's tail the answer may instead be a job taken ahead of it
 * (`ahead`). Otherwise the lock is let go of before the next job can be seen.
 */
export async function handle(context: JobContext, kept: SlotLocks, job: QueuedJob, slot: Slot): Promise<{ job: QueuedJob; ahead: boolean } | null> {
  const { queue, tally, lost, running } = slot;
  const started = performance.now();
  const data = (job.data ?? {}) as { cityKey?: string; cityVideoId?: string; sourceId?: string };
  const log = context.deps.logger.child({
    job: job.id,
    queue: job.queue,
    ...(data.cityKey ? { city: data.cityKey } : {}),
    ...(data.cityVideoId ? { video: data.cityVideoId } : {}),
    ...(data.sourceId ? { source: data.sourceId } : {}),
    attempt: job.retryCount + 1,
  });
  let outcome: JobOutcome;
  try {
    outcome = await runJob(context, job);
  } catch (error) {
    // A bug or an outage outside the stage's own bookkeeping: retried like a transient fault.
    outcome = { status: 'failed', message: error instanceof Error ? error.message : String(error), retry: true };
  }
  const ms = Math.round(performance.now() - started);
  const waitedMs = Math.max(0, job.startedOn.getTime() - job.createdOn.getTime());
  let ahead: QueuedJob | null = null;
  const handBack = async () => {
    await kept.release().catch(() => undefined);
    slot.orphans.push({ queue: job.queue, id: job.id, started: job.startedOn.getTime() });
    if (ahead) slot.orphans.push({ queue: ahead.queue, id: ahead.id, started: ahead.startedOn.getTime() });
    log.warn({ outcome: 'handed back', ms, waitedMs }, 'job stopped: the database connection was lost; it goes back to the queue');
    return null;
  };
  // Its locks went with the connection: what it did not finish goes back, not counted as a try.
  if (outcome.status !== 'completed' && lost.aborted) return handBack();
  try {
    if (outcome.status === 'completed') {
      const chained = outcome.next;
      const handedOver = chained !== undefined && running() && slot.pipelineQueues.includes(chained.queue);
      if (handedOver) ahead = await slot.tail(job.queue, chained.queue);
      const next = chained ? { ...chained, take: handedOver && !ahead } : undefined;
      // Let go before the next stage can be seen, unless it comes to this slot.
      if (!next?.take) await kept.release();
      const taken = await queue.complete(job, outcome.output, next);
      // Not handed over after all (another job of the video's next stage was open): let the video go.
      if (!taken) await kept.release();
      tally.completed += 1;
      log.info({ outcome: outcome.output.outcome, ms, waitedMs, ...(ahead ? { aheadOfNext: ahead.id } : {}) }, 'job finished');
      if (ahead) return { job: ahead, ahead: true };
      return taken ? { job: taken, ahead: false } : null;
    }
    const willRetry = outcome.retry && job.retryCount < job.retryLimit;
    await kept.release();
    await queue.fail(job.queue, job.id, outcome.message, { final: !outcome.retry });
    if (willRetry) tally.retried += 1;
    else tally.failed += 1;
    log.warn({ outcome: 'failed', err: outcome.message, retry: willRetry, ms, waitedMs }, willRetry ? 'job failed: will retry' : 'job failed');
  } catch (error) {
    // The queue did not hear the outcome (the database went away): the job goes back rather than wait for its expiry.
    if (!isConnectionLoss(error)) log.warn({ err: error instanceof Error ? error.message : String(error) }, 'job outcome not recorded');
    return handBack();
  }
  return null;
}
