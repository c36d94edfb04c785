import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { readStatus } from '../cities/city-input.js';
import { resolveCity } from '../cities/city-service.js';
import { QUEUE_NEEDS_POSTGRES, type Config } from '../config.js';
import type { Engine } from '../db/database.js';
import { listCities } from '../db/repositories/cities.js';
import type { City, DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { VIDEO_BUSY_MESSAGE } from '../pipeline/locked-stages.js';
import { RUN_STAGES, type RunStage } from '../pipeline/progress.js';
import { pickRunOptions, type RunOptions } from '../pipeline/run-options.js';
import type { StageRequest } from '../pipeline/video-stage.js';
import { resolveSourceOfCity } from '../sources/source-service.js';
import { enqueueRun, type EnqueueSummary } from './enqueue.js';
import type { JobQueue, ScheduleEntry } from './job-queue.js';
import { DISCOVER_QUEUE, PIPELINE_QUEUES, SCHEDULE_QUEUE_PREFIX, stageOfQueue, stageQueue, type DiscoverJob, type StageJob } from './jobs.js';
import { openPgBossQueue } from './pg-boss-queue.js';
import type { WorkerDeps } from './handlers.js';
import { runWorker, type WorkerOptions, type WorkerSummary } from './worker.js';
import { listWorkers, type WorkerInfo } from './workers.js';
import { queueStatus, type QueueStatus } from './queue-status.js';
import { withVideoLocks } from '../pipeline/video-locks.js';

export interface QueueServiceDeps {
  db: Kysely<DB>;
  engine: Engine;
  databaseUrl: string | undefined;
  logger: Logger;
  settings: Config['queue'];
  /** Tests keep pg-boss's tables apart. */
  schema?: string;
  /**
   * What `work` runs its jobs with, for a worker taking `concurrency` jobs at once (the
   * composition root paces its model calls with every other worker's: core/create-core.ts).
   */
  workerDeps: (concurrency: number) => WorkerDeps;
}

/** A queued run does its work in the workers: each sets its own concurrency, and there is no dry run. */
export type QueueRunRequest = Pick<RunOptions, 'since' | 'limit' | 'stages' | 'force' | 'maxCostUsd'>;

/** How long a site request waits for its job before answering busy. */
const FUNCTION_WAIT_MS = 5 * 60_000;
/** A job nobody has started by then means no worker is running. */
const UNSTARTED_WAIT_MS = 60_000;
const FUNCTION_POLL_MS = 250;
const SCHEDULE_NAME = /^[a-z0-9][a-z0-9-]{0,40}$/;

/**
 * Every pipeline queue exists before the first job is sent or fetched: creating one is DDL on
 * pg-boss's partitioned job table, best done once at start rather than in the middle of traffic.
 */
async function createPipelineQueues(queue: JobQueue): Promise<JobQueue> {
  try {
    for (const name of PIPELINE_QUEUES) await queue.ensureQueue(name);
    return queue;
  } catch (error) {
    await queue.close();
    throw error;
  }
}

/**
 * The pipeline as pg-boss jobs: enqueuing (`--queue`), the worker, status and retries,
 * schedules, and the server's model functions when CIVIC_QUEUE=1. Opens pg-boss on first use;
 * on the embedded database every operation refuses with one line.
 */
export function createQueueService(deps: QueueServiceDeps) {
  let opened: Promise<JobQueue> | undefined;
  let role: 'worker' | 'client' = 'client';

  function open(): Promise<JobQueue> {
    if (deps.engine !== 'postgres' || !deps.databaseUrl) return Promise.reject(new AppError('CONFIG', QUEUE_NEEDS_POSTGRES));
    const databaseUrl = deps.databaseUrl;
    opened ??= openPgBossQueue({
      databaseUrl,
      logger: deps.logger,
      role,
      jobExpirySeconds: deps.settings.jobExpirySeconds,
      maintenanceSeconds: deps.settings.maintenanceSeconds,
      retryDelaySeconds: deps.settings.retryDelaySeconds,
      ...(deps.schema ? { schema: deps.schema } : {}),
    }).then(createPipelineQueues);
    return opened;
  }

  async function enqueueIngest(cityKey: string, request: QueueRunRequest & { sourceId?: string }): Promise<EnqueueSummary> {
    const queue = await open();
    const city = await resolveCity(deps.db, cityKey);
    if (request.sourceId) await resolveSourceOfCity(deps.db, city, request.sourceId);
    return enqueueRun(deps.db, queue, { cities: [city], ...runOptions(request), ...(request.sourceId ? { sourceId: request.sourceId } : {}) });
  }

  async function enqueueBatch(status: string, request: QueueRunRequest): Promise<{ cities: City[]; summary: EnqueueSummary }> {
    const queue = await open();
    const cities = await listCities(deps.db, { status: readStatus(status) });
    return { cities, summary: await enqueueRun(deps.db, queue, { cities, ...runOptions(request) }) };
  }

  /** The workers not stopped (live, not responding or dead), oldest first. */
  async function workers(): Promise<WorkerInfo[]> {
    return withVideoLocks(deps.db, deps.engine, (locks) => listWorkers(deps.db, locks));
  }

  async function status(filter: { cityKey?: string } = {}): Promise<QueueStatus> {
    return queueStatus(await open(), await workers(), filter);
  }

  /** `civic queue retry --failed`: failed jobs go back to the queue (each with one more try). */
  async function retryFailed(filter: { cityKey?: string } = {}): Promise<{ retried: number; byStage: Record<string, number> }> {
    const queue = await open();
    const failed = await queue.listFailed(PIPELINE_QUEUES, filter);
    const byStage: Record<string, number> = {};
    for (const name of PIPELINE_QUEUES) {
      const ids = failed.filter((job) => job.queue === name).map((job) => job.id);
      if (ids.length === 0) continue;
      await queue.retry(name, ids);
      byStage[stageOfQueue(name) ?? name] = ids.length;
    }
    return { retried: failed.length, byStage };
  }

  async function addSchedule(input: { cron: string; status: string; name?: string; stages?: RunStage[] }): Promise<ScheduleEntry> {
    const status = readStatus(input.status);
    const name = (input.name ?? status).toLowerCase();
    if (!SCHEDULE_NAME.test(name)) throw new AppError('BAD_INPUT', `Schedule name "${input.name}": use lower-case letters, digits and dashes (at most 41)`);
    const queue = await open();
    const data = { status, ...pickRunOptions({ stages: input.stages }) };
    try {
      await queue.schedule(`${SCHEDULE_QUEUE_PREFIX}${name}`, input.cron, data);
    } catch (error) {
      if (error instanceof Error && /cron|expression|invalid|constraint/i.test(error.message)) {
        throw new AppError('BAD_INPUT', `Invalid cron expression "${input.cron}": ${error.message} (five fields: minute hour day month weekday, in UTC)`);
      }
      throw error;
    }
    return { name, cron: input.cron, timezone: 'UTC', data };
  }

  async function listSchedules(): Promise<ScheduleEntry[]> {
    const queue = await open();
    return (await queue.schedules())
      .filter((entry) => entry.queue.startsWith(SCHEDULE_QUEUE_PREFIX))
      .map((entry) => ({ name: entry.queue.slice(SCHEDULE_QUEUE_PREFIX.length), cron: entry.cron, timezone: entry.timezone, data: entry.data }));
  }

  async function removeSchedule(name: string): Promise<void> {
    const existing = await listSchedules();
    if (!existing.some((entry) => entry.name === name)) {
      const names = existing.map((entry) => entry.name).join(', ') || 'none';
      throw new AppError('NOT_FOUND', `No schedule named "${name}" (schedules: ${names})`);
    }
    await (await open()).unschedule(`${SCHEDULE_QUEUE_PREFIX}${name}`);
  }

  /** `civic worker`: takes jobs until `options.stop` (worker.ts). */
  async function work(options: Omit<WorkerOptions, 'pollMs' | 'heartbeatMs'>): Promise<WorkerSummary> {
    const pipeline = deps.workerDeps(options.concurrency);
    if (opened === undefined) role = 'worker';
    const queue = await open();
    return runWorker(pipeline, queue, { ...options, pollMs: deps.settings.pollMs, heartbeatMs: deps.settings.heartbeatSeconds * 1000 });
  }

  /**
   * A site request's stage as a job, waited for: when the same stage of the video is already
   * queued or running (from any server process or a batch), this waits for that job instead,
   * so one model call serves every caller.
   */
  async function runStageAndWait(cityVideoId: string, cityKey: string, request: Omit<StageRequest, 'runId'>): Promise<void> {
    const queue = await open();
    const name = stageQueue(request.stage);
    const job: StageJob = {
      cityKey,
      cityVideoId,
      stages: [request.stage, 'verify'],
      force: request.force ?? false,
      budgetId: null,
      additionalContext: request.additionalContext ?? null,
      replaceEdited: request.replaceEdited ?? false,
      trigger: 'function',
    };
    const id = (await queue.send(name, job, cityVideoId)) ?? (await queue.findOpenJob(name, cityVideoId));
    if (id) await waitForJob(queue, name, id);
  }

  /** 'Refresh videos' as a discovery job (deduplicated per source), waited for; its videos' stages are not enqueued. */
  async function discoverAndWait(city: City, sourceId: string): Promise<{ found: number; inserted: number }> {
    const queue = await open();
    const job: DiscoverJob = { cityKey: city.location_key, cityId: city.id, sourceId, stages: [], force: false, budgetId: null, since: null, limit: null };
    const id = (await queue.send(DISCOVER_QUEUE, job, sourceId)) ?? (await queue.findOpenJob(DISCOVER_QUEUE, sourceId));
    if (!id) return { found: 0, inserted: 0 };
    const output = (await waitForJob(queue, DISCOVER_QUEUE, id)) as { found?: number; inserted?: number } | null;
    return { found: output?.found ?? 0, inserted: output?.inserted ?? 0 };
  }

  async function close(): Promise<void> {
    if (!opened) return;
    const queue = await opened.catch(() => undefined);
    opened = undefined;
    await queue?.close();
  }

  return { enqueueIngest, enqueueBatch, status, workers, retryFailed, addSchedule, listSchedules, removeSchedule, work, runStageAndWait, discoverAndWait, close };
}

export type QueueService = ReturnType<typeof createQueueService>;

async function waitForJob(queue: JobQueue, name: string, id: string): Promise<unknown> {
  const started = Date.now();
  for (;;) {
    const job = await queue.jobState(name, id);
    if (!job) throw new AppError('INTERNAL', `Job ${id} disappeared from the queue`);
    if (job.state === 'completed') return job.output;
    if (job.state === 'failed' || job.state === 'cancelled') {
      const message = (job.output as { message?: string } | null)?.message;
      throw new AppError('UPSTREAM', message ?? `The job ${job.state}`);
    }
    const waited = Date.now() - started;
    if (job.state === 'created' && waited > UNSTARTED_WAIT_MS) throw new AppError('UPSTREAM', 'No worker took the job: is civic worker running?');
    if (waited > FUNCTION_WAIT_MS) throw new AppError('CONFLICT', VIDEO_BUSY_MESSAGE);
    await delay(FUNCTION_POLL_MS);
  }
}

function runOptions(request: QueueRunRequest) {
  return { ...pickRunOptions(request), stages: request.stages ?? [...RUN_STAGES] };
}
