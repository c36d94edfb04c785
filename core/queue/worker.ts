import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Engine } from '../db/database.js';
import { finishRun, insertRun } from '../db/repositories/pipeline-runs.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { markDeadRunsInterrupted } from '../pipeline/dead-runs.js';
import { RUN_STAGES, type RunStage } from '../pipeline/progress.js';
import { withVideoLocks } from '../pipeline/video-locks.js';
import { runJob, type JobContext, type JobOutcome } from './handlers.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { DISCOVER_QUEUE, isVideoStage, SCHEDULE_QUEUE_PREFIX, stageQueue, VIDEO_STAGES } from './jobs.js';

export interface WorkerOptions {
  /** Jobs worked on at once by this process. */
  concurrency: number;
  /** Which stages' queues this worker takes (all by default); scheduled batches are always taken. */
  stages?: readonly RunStage[];
  /** How long an idle worker waits before asking again. */
  pollMs: number;
  /** First abort: take no new jobs, finish those in hand. */
  stop: AbortSignal;
  /** Second abort: stop the jobs in hand too and hand them back to the queue. */
  abort: AbortSignal;
}

export interface WorkerSummary {
  runId: string;
  jobs: { completed: number; failed: number; retried: number };
}

/**
 * `civic worker`: takes jobs until stopped, at most `concurrency` at once. Later stages are
 * taken first, so videos already under way finish before new ones start. A finished job wakes
 * the loop at once (its next stage is likely waiting); an idle one polls.
 */
export async function runWorker(deps: PipelineDeps & { engine: Engine }, queue: JobQueue, options: WorkerOptions): Promise<WorkerSummary> {
  const stages = options.stages ?? RUN_STAGES;
  const pipelineQueues = [...VIDEO_STAGES].reverse().filter((stage) => stages.includes(stage)).map(stageQueue);
  if (stages.includes('discover')) pipelineQueues.push(DISCOVER_QUEUE);
  const tally = { completed: 0, failed: 0, retried: 0 };

  return withVideoLocks(deps.db, deps.engine, async (locks) => {
    // Alive (locked) before its row is visible, as a run is: a crashed worker's row is then marked interrupted.
    const runId = randomUUID();
    await locks.holdRun(runId);
    await insertRun(deps.db, 'worker', { host: os.hostname(), pid: process.pid, concurrency: options.concurrency, stages: [...stages] }, runId);
    await markDeadRunsInterrupted(deps.db, locks);
    const logger = deps.logger.child({ runId });
    const context: JobContext = { deps: { ...deps, logger }, queue, locks, runId, signal: options.abort };
    logger.info({ concurrency: options.concurrency, queues: pipelineQueues }, 'worker started');

    const inHand = new Set<Promise<void>>();
    let wake: () => void = () => undefined;
    // Set when a job ends while the loop is busy fetching, so it does not then sleep past a free slot.
    let slotFreed = false;
    const scheduleQueues = cachedScheduleQueues(queue);
    // Queues found empty, skipped until then: a finished job woke the loop to fill its slot, and
    // asking every empty queue each time was most of a job's statements (issue 26).
    const emptyUntil = new Map<string, number>();
    let status: 'done' | 'failed' = 'done';
    try {
      while (!options.stop.aborted) {
        const free = options.concurrency - inHand.size;
        let taken = 0;
        if (free > 0) {
          for (const name of [...pipelineQueues, ...(await scheduleQueues())]) {
            if (taken >= free || options.stop.aborted) break;
            if ((emptyUntil.get(name) ?? 0) > performance.now()) continue;
            const jobs = await queue.fetch(name, free - taken);
            // Fewer than asked: the queue is empty now; not asked again until the next poll, unless this worker fills it.
            if (jobs.length < free - taken) emptyUntil.set(name, performance.now() + options.pollMs);
            for (const job of jobs) {
              taken += 1;
              const work = handle(context, queue, job, tally, (next) => emptyUntil.delete(next)).finally(() => {
                inHand.delete(work);
                slotFreed = true;
                wake();
              });
              inHand.add(work);
            }
          }
        }
        if ((taken > 0 || slotFreed) && inHand.size < options.concurrency) {
          slotFreed = false;
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, taken > 0 || inHand.size >= options.concurrency ? 60_000 : options.pollMs);
          options.stop.addEventListener('abort', done, { once: true });
          wake = done;
          function done() {
            clearTimeout(timer);
            options.stop.removeEventListener('abort', done);
            wake = () => undefined;
            resolve();
          }
        });
      }
      logger.info({ inHand: inHand.size }, 'worker stopping: finishing the jobs in hand');
      await Promise.all(inHand);
    } catch (error) {
      status = 'failed';
      await Promise.allSettled(inHand);
      throw error;
    } finally {
      await finishRun(deps.db, runId, status, { jobs: tally }).catch(() => undefined);
      logger.info({ jobs: tally }, 'worker stopped');
    }
    return { runId, jobs: tally };
  });
}

async function handle(context: JobContext, queue: JobQueue, job: QueuedJob, tally: WorkerSummary['jobs'], chained: (queue: string) => void): Promise<void> {
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
  if (outcome.status === 'completed') {
    // The stage it enqueued is likely this worker's next job: that queue is not empty.
    const next = outcome.output.next;
    if (typeof next === 'string' && isVideoStage(next)) chained(stageQueue(next));
    await queue.complete(job.queue, job.id, outcome.output);
    tally.completed += 1;
    log.info({ outcome: outcome.output.outcome, ms, waitedMs }, 'job finished');
    return;
  }
  const willRetry = outcome.retry && job.retryCount < job.retryLimit;
  await queue.fail(job.queue, job.id, outcome.message, { final: !outcome.retry });
  if (willRetry) tally.retried += 1;
  else tally.failed += 1;
  log.warn({ outcome: 'failed', err: outcome.message, retry: willRetry, ms, waitedMs }, willRetry ? 'job failed: will retry' : 'job failed');
}

/** The schedules' queues, looked up at most every 30 s: a schedule added meanwhile is picked up without a restart. */
function cachedScheduleQueues(queue: JobQueue): () => Promise<string[]> {
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
