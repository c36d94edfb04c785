import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { addRunCity, finishRun, insertRun, reopenRun } from '../db/repositories/pipeline-runs.js';
import type { WorkerJob } from '../db/schema.js';
import { isConnectionLoss } from '../db/sturdy-client.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { markDeadRunsInterrupted } from '../pipeline/dead-runs.js';
import { isModelStage, RUN_STAGES, type RunStage } from '../pipeline/progress.js';
import { withVideoLocks, type VideoLocks } from '../pipeline/video-locks.js';
import type { JobContext, WorkerDeps } from './handlers.js';
import { slotLocks } from './slot-locks.js';
import { handle, type JobTally, type Slot } from './worker-job.js';
import { cachedScheduleQueues, takeAheadAtTail, type TakeAhead } from './worker-choices.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { DISCOVER_QUEUE, stageQueue, VIDEO_STAGES } from './jobs.js';
import { holdRun, startHeartbeat, waitForDatabase } from './worker-liveness.js';
import { beat, registerWorker, unregisterWorker } from '../db/repositories/workers.js';
import { SILENT_BEATS } from './workers.js';

export interface WorkerOptions {
  /** Jobs worked on at once by this process. */
  concurrency: number;
  /** Which stages' queues this worker takes (all by default); scheduled batches are always taken. */
  stages?: readonly RunStage[];
  /** How long an idle worker waits before asking again. */
  pollMs: number;
  /** How often it beats (workers.ts) and checks its database connection. */
  heartbeatMs: number;
  /** First abort: take no new jobs, finish those in hand. */
  stop: AbortSignal;
  /** Second abort: stop the jobs in hand too and hand them back to the queue. */
  abort: AbortSignal;
}

export interface WorkerSummary {
  runId: string;
  jobs: JobTally;
}

/**
 * `civic worker`: takes jobs until stopped, at most `concurrency` at once. Later stages are
 * taken first, so videos already under way finish before new ones start, and a finished
 * stage's next one is handed to the same slot with its completion, except at a batch's tail
 * (takeAheadAtTail). A finished job wakes the loop at once to fill its slot; an idle one polls.
 */
export async function runWorker(deps: WorkerDeps, queue: JobQueue, options: WorkerOptions): Promise<WorkerSummary> {
  const stages = options.stages ?? RUN_STAGES;
  const pipelineQueues = [...VIDEO_STAGES].reverse().filter((stage) => stages.includes(stage)).map(stageQueue);
  if (stages.includes('discover')) pipelineQueues.push(DISCOVER_QUEUE);
  const tally = { completed: 0, failed: 0, retried: 0 };
  const runId = randomUUID();
  const logger = deps.logger.child({ runId });
  const registration = { id: runId, host: os.hostname(), pid: process.pid, concurrency: options.concurrency, heartbeatSeconds: Math.max(1, Math.round(options.heartbeatMs / 1000)) };
  // Jobs whose attempt a lost connection cut short: handed back as soon as the database answers.
  const orphans: WorkerJob[] = [];
  let started = false;
  let sessions = 0;
  let status: 'done' | 'failed' = 'done';
  // The model's SDK is loaded before the first job rather than inside it (and by each slot's first model call at once).
  if (stages.some(isModelStage)) await deps.analyzer.prepare?.();
  try {
    for (;;) {
      const ended = await withVideoLocks(deps.db, deps.engine, async (locks) => {
        // Alive (locked) before its row is visible, as a run is: a crashed worker's row is then marked interrupted.
        await holdRun(locks, runId);
        if (started) await reopenRun(deps.db, runId);
        else await insertRun(deps.db, 'worker', { host: registration.host, pid: process.pid, concurrency: options.concurrency, stages: [...stages] }, runId);
        started = true;
        await registerWorker(deps.db, registration);
        if (orphans.length > 0) logger.info({ jobs: await queue.handBack(orphans.splice(0)) }, 'jobs of the lost connection handed back to the queue');
        await markDeadRunsInterrupted(deps.db, locks);
        logger.info({ concurrency: options.concurrency, queues: pipelineQueues }, sessions++ > 0 ? 'worker reconnected' : 'worker started');
        return workSession({ deps: { ...deps, logger }, queue, locks, runId, logger, pipelineQueues, tally, orphans, options });
      }).catch(async (error: unknown) => {
        // Lost before or while taking its locks (the server restarting): wait for it, as below.
        if (!isConnectionLoss(error)) throw error;
        return 'lost' as const;
      });
      if (ended === 'stopped') break;
      logger.warn({ jobs: orphans.length }, 'worker lost its database connection: its jobs in hand go back to the queue; reconnecting');
      if (!(await waitForDatabase(deps.db, options.stop))) break;
    }
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    if (orphans.length > 0) await queue.handBack(orphans).catch(() => undefined);
    await unregisterWorker(deps.db, runId).catch(() => undefined);
    await finishRun(deps.db, runId, status, { jobs: tally }).catch(() => undefined);
    logger.info({ jobs: tally }, 'worker stopped');
  }
  return { runId, jobs: tally };
}

interface Session {
  deps: WorkerDeps;
  queue: JobQueue;
  locks: VideoLocks;
  runId: string;
  logger: PipelineDeps['logger'];
  pipelineQueues: string[];
  tally: WorkerSummary['jobs'];
  orphans: WorkerJob[];
  options: WorkerOptions;
}

/**
 * Takes jobs under one lock session until stopped ('stopped') or until the session's
 * connection is lost ('lost'): its locks went with it, so the jobs in hand are stopped and
 * listed in `orphans`, to be handed back to the queue.
 */
async function workSession(session: Session): Promise<'stopped' | 'lost'> {
  const { deps, queue, locks, runId, logger, options } = session;
  const lost = new AbortController();
  const lose = () => {
    if (!lost.signal.aborted) lost.abort(new Error('the database connection was lost'));
  };
  const checkSession = async () => {
    if (!(await locks.sessionAlive())) lose();
  };
  // A lock call that fails may mean the session is gone: check at once rather than at the next beat.
  const watched = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      await checkSession();
      throw error;
    }
  };
  const watchedLocks: VideoLocks = { ...locks, tryLock: (id) => watched(() => locks.tryLock(id)), unlock: (id) => watched(() => locks.unlock(id)) };
  const context: JobContext = { deps, queue, locks: watchedLocks, runId, signal: AbortSignal.any([options.abort, lost.signal]) };
  // Each slot's job in hand (a slot goes on with the next stage it was handed), and the slots' work.
  const inHand = new Map<symbol, WorkerJob>();
  const slots = new Set<Promise<void>>();
  const jobsInHand = () => [...inHand.values()];
  // The fleet's slots (every live worker's concurrency), as of this worker's last beat.
  let fleetSlots = 0;
  const beatNow = async () => {
    fleetSlots = await beat(deps.db, runId, jobsInHand(), SILENT_BEATS);
  };
  const heartbeat = startHeartbeat({ db: deps.db, queue, locks, logger, heartbeatMs: options.heartbeatMs }, beatNow, checkSession, lost.signal);
  let wake: () => void = () => undefined;
  // Set when a job ends while the loop is busy fetching, so it does not then sleep past a free slot.
  let slotFreed = false;
  const scheduleQueues = cachedScheduleQueues(queue);
  // Found the queues with fewer jobs than free slots: not asked again before then (a worker's
  // own chains need no asking: their next stage is handed to it with the completion).
  let idleUntil = 0;
  const running = () => !options.stop.aborted && !lost.signal.aborted;
  const cities = new Set<string>();
  const noteCity = async (job: QueuedJob) => {
    const cityKey = (job.data as { cityKey?: unknown } | null)?.cityKey;
    if (typeof cityKey === 'string' && !cities.has(cityKey)) {
      cities.add(cityKey);
      await addRunCity(deps.db, runId, cityKey);
    }
  };
  const record = (slot: symbol, job: QueuedJob) => inHand.set(slot, { queue: job.queue, id: job.id, started: job.startedOn.getTime() });
  const tail: TakeAhead = (finished, next) => takeAheadAtTail(queue, session.pipelineQueues, fleetSlots, finished, next);
  const slotState: Slot = { queue, tally: session.tally, orphans: session.orphans, pipelineQueues: session.pipelineQueues, lost: lost.signal, running, tail };

  /** Works a job, then each next stage its completion handed over, in one slot (with the video's lock kept). */
  const startSlot = (first: QueuedJob) => {
    const slot = Symbol('slot');
    record(slot, first);
    const kept = slotLocks(watchedLocks);
    const slotContext: JobContext = { ...context, locks: kept.locks, held: kept.held };
    const work = (async () => {
      for (let job = first; ; ) {
        const after = await handle(slotContext, kept, job, slotState);
        if (!after) break;
        job = after.job;
        record(slot, after.job);
        // A chained stage is written with the next beat: until then the record's fetched job leads
        // to it (JobQueue.inHandNow). A job taken ahead is not down that chain: written now.
        if (after.ahead) {
          await noteCity(after.job);
          await beatNow();
        }
      }
    })().finally(async () => {
      // Nothing is held back past a slot's last job (a lost session has let go of it already).
      await kept.release().catch(() => undefined);
      inHand.delete(slot);
      slots.delete(work);
      slotFreed = true;
      wake();
    });
    slots.add(work);
  };

  try {
    while (running()) {
      const free = options.concurrency - inHand.size;
      if (free > 0 && performance.now() >= idleUntil) {
        try {
          const jobs = await queue.fetch([...session.pipelineQueues, ...(await scheduleQueues())], free);
          if (jobs.length < free) idleUntil = performance.now() + options.pollMs;
          for (const job of jobs) {
            startSlot(job);
            await noteCity(job);
          }
          // Its jobs in hand are on record before their work goes far: a dead worker's are told apart by them.
          if (jobs.length > 0) await beatNow();
        } catch (error) {
          await checkSession();
          if (lost.signal.aborted) break;
          idleUntil = performance.now() + options.pollMs;
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'job queue unreachable: asking again shortly');
        }
      }
      const canFetch = inHand.size < options.concurrency;
      if (slotFreed && canFetch && performance.now() >= idleUntil) {
        slotFreed = false;
        continue;
      }
      slotFreed = false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, canFetch ? Math.max(0, idleUntil - performance.now()) : 60_000);
        options.stop.addEventListener('abort', done, { once: true });
        lost.signal.addEventListener('abort', done, { once: true });
        wake = done;
        function done() {
          clearTimeout(timer);
          options.stop.removeEventListener('abort', done);
          lost.signal.removeEventListener('abort', done);
          wake = () => undefined;
          resolve();
        }
      });
    }
    if (!lost.signal.aborted) logger.info({ inHand: inHand.size }, 'worker stopping: finishing the jobs in hand');
    // Lost: the jobs' signal is aborted, so they stop and land in `orphans`.
    while (slots.size > 0) await Promise.all([...slots]);
  } finally {
    await heartbeat.stop();
  }
  return lost.signal.aborted ? 'lost' : 'stopped';
}
