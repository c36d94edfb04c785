import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import type { Database } from '../db/database.js';
import { insertRun } from '../db/repositories/pipeline-runs.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { runPipeline } from '../pipeline/run.js';
import type { VideoLocks } from '../pipeline/video-locks.js';
import type { Analyzer } from '../ports/language-model.js';
import { createPrivacyService } from '../privacy/privacy-service.js';
import { createTestDatabase } from '../testing/test-database.js';
import { createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import { runJob, STOPPED_ON_LAST_TRY, type JobContext, type WorkerDeps } from './handlers.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { DISCOVER_QUEUE, stageQueue } from './jobs.js';
import { slotLocks } from './slot-locks.js';

/** A worker's dependencies over the test database (its stage jobs never reach the privacy clean-up). */
function workerDeps(database: Database, overrides: Partial<PipelineDeps> = {}): WorkerDeps {
  return { ...createTestPipelineDeps(database, overrides), privacy: createPrivacyService(database.db) };
}

/** Fairview's meetings discovered and transcribed: the first one's stage jobs are what the tests run. */
async function fairviewWithTranscripts(): Promise<{ database: Database; cityVideoId: string }> {
  const database = await createTestDatabase('pglite');
  const city = await seedFairview(database);
  await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 2 });
  const video = await database.db.selectFrom('city_videos').select('id').where('city_id', '=', city.id).orderBy('video_id').executeTakeFirstOrThrow();
  return { database, cityVideoId: video.id };
}

/** Locks held in memory: the handler's own logic is under test, not the lock service. */
function memoryLocks(): VideoLocks {
  const held = new Set<string>();
  return {
    tryLock: async (id) => (held.has(id) ? false : (held.add(id), true)),
    unlock: async (id) => void held.delete(id),
    holdRun: async () => undefined,
    isRunAlive: async () => true,
    sessionAlive: async () => true,
  };
}

/** A stopped stage must not reach the engine beyond its outcome: any call here fails the test. */
const untouchableQueue = new Proxy({} as JobQueue, {
  get: (_target, method) => () => Promise.reject(new Error(`the queue was asked to ${String(method)}`)),
});

/** An analyzer whose model call is under way when the worker's second signal arrives. */
function stoppedMidCall(controller: AbortController): Analyzer {
  const local = createLocalAnalyzer();
  return {
    ...local,
    analyze: async () => {
      controller.abort();
      throw new Error('The request was aborted');
    },
  };
}

describe('a stage job stopped by a worker shutdown', () => {
  let database: Database;
  let cityVideoId: string;
  beforeEach(async () => {
    ({ database, cityVideoId } = await fairviewWithTranscripts());
  });
  afterEach(async () => {
    await database.close();
  });

  async function runStopped(retryCount: number) {
    const controller = new AbortController();
    const context: JobContext = {
      deps: workerDeps(database, { analyzer: stoppedMidCall(controller) }),
      queue: untouchableQueue,
      locks: memoryLocks(),
      runId: await insertRun(database.db, 'worker', {}),
      signal: controller.signal,
    };
    const job: QueuedJob = {
      id: 'job-1',
      queue: stageQueue('analysis'),
      data: { cityKey: 'fairview-ca', stages: ['analysis', 'story'], cityVideoId },
      retryCount,
      retryLimit: 3,
      createdOn: new Date(),
      startedOn: new Date(),
    };
    const outcome = await runJob(context, job);
    const row = await database.db
      .selectFrom('video_stages')
      .select(['status', 'last_error'])
      .where('city_video_id', '=', cityVideoId)
      .where('stage', '=', 'analysis')
      .executeTakeFirstOrThrow();
    return { outcome, row };
  }

  it('is handed back for another try, its row pending, while it has tries left', async () => {
    const { outcome, row } = await runStopped(1);
    expect(outcome).toMatchObject({ status: 'failed', retry: true });
    expect(row).toEqual({ status: 'pending', last_error: null });
  });

  it('on its last try fails for good, and its row says so rather than staying pending', async () => {
    const { outcome, row } = await runStopped(3);
    expect(outcome).toMatchObject({ status: 'failed', retry: false });
    expect(row.status).toBe('failed');
    expect(row.last_error).toContain(STOPPED_ON_LAST_TRY);
  });
});

describe('a finished stage job', () => {
  let database: Database;
  let cityVideoId: string;
  beforeEach(async () => {
    ({ database, cityVideoId } = await fairviewWithTranscripts());
  });
  afterEach(async () => {
    await database.close();
  });

  // Issue 26: the next stage was enqueued while the video was still locked, so the worker
  // that took it at once found the video busy and waited out the retry delay. Now the job's
  // completion enqueues it, after the handler has returned.
  it('names the next stage for its completion to enqueue, and has let go of the video by then', async () => {
    const locks = memoryLocks();
    const context: JobContext = { deps: workerDeps(database), queue: untouchableQueue, locks, runId: await insertRun(database.db, 'worker', {}), signal: new AbortController().signal };
    const job: QueuedJob = {
      id: 'job-1',
      queue: stageQueue('analysis'),
      data: { cityKey: 'fairview-ca', stages: ['analysis', 'story'], cityVideoId },
      retryCount: 0,
      retryLimit: 3,
      createdOn: new Date(),
      startedOn: new Date(),
    };
    const outcome = await runJob(context, job);
    expect(outcome).toEqual({
      status: 'completed',
      output: { outcome: 'done', next: 'story' },
      next: { queue: stageQueue('story'), key: cityVideoId, data: expect.objectContaining({ cityVideoId, stages: ['analysis', 'story'], trigger: 'run' }) },
    });
    expect(await locks.tryLock(cityVideoId)).toBe(true);
  });

  // Issue 27: a worker's meetings send their alerts when their last stage is done, not at the next cron scan.
  it("tells the alerts when the video's last stage is done, and not before", async () => {
    const published: string[] = [];
    const deps = { ...workerDeps(database), afterVideo: async (id: string) => void published.push(id) };
    const context: JobContext = { deps, queue: untouchableQueue, locks: memoryLocks(), runId: await insertRun(database.db, 'worker', {}), signal: new AbortController().signal };
    const jobOf = (stage: 'analysis' | 'story'): QueuedJob => ({
      id: `job-${stage}`,
      queue: stageQueue(stage),
      data: { cityKey: 'fairview-ca', stages: ['analysis', 'story'], cityVideoId },
      retryCount: 0,
      retryLimit: 3,
      createdOn: new Date(),
      startedOn: new Date(),
    });
    await runJob(context, jobOf('analysis'));
    expect(published).toEqual([]);
    expect(await runJob(context, jobOf('story'))).toMatchObject({ status: 'completed', output: { outcome: 'done', next: null } });
    expect(published).toEqual([cityVideoId]);
  });
});

describe("a slot's chain on one video", () => {
  let database: Database;
  let cityVideoId: string;
  beforeEach(async () => {
    ({ database, cityVideoId } = await fairviewWithTranscripts());
  });
  afterEach(async () => {
    await database.close();
  });

  /** Runs analysis, story and verify as jobs; counts the transcript reads of the verify job. */
  async function chain(context: (deps: WorkerDeps) => JobContext): Promise<number> {
    let reads = 0;
    let counting = false;
    const watch: KyselyPlugin = {
      transformQuery: (args) => {
        if (counting && args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('transcript_segments')) reads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const jobContext = context(workerDeps(database, { db: database.db.withPlugin(watch) }));
    for (const stage of ['analysis', 'story', 'verify'] as const) {
      counting = stage === 'verify';
      const job: QueuedJob = { id: `job-${stage}`, queue: stageQueue(stage), data: { cityKey: 'fairview-ca', stages: ['analysis', 'story', 'verify'], cityVideoId }, retryCount: 0, retryLimit: 3, createdOn: new Date(), startedOn: new Date() };
      expect(await runJob(jobContext, job)).toMatchObject({ status: 'completed', output: { outcome: 'done' } });
    }
    expect(await database.db.selectFrom('video_stages').select('status').where('city_video_id', '=', cityVideoId).where('stage', '=', 'verify').executeTakeFirst()).toEqual({ status: 'done' });
    return reads;
  }

  // Issue 26: analysis and story check their quotes against the transcript as they store them;
  // a verify just after, on a video the slot never let go of, would read it a third time.
  it('verifies without reading the transcript again when the slot held the video since analysis', async () => {
    const runId = await insertRun(database.db, 'worker', {});
    const kept = slotLocks(memoryLocks());
    expect(await chain((deps) => ({ deps, queue: untouchableQueue, locks: kept.locks, held: kept.held, runId, signal: new AbortController().signal }))).toBe(0);
  });

  it('reads the transcript again when the video was let go of between the stages', async () => {
    const runId = await insertRun(database.db, 'worker', {});
    expect(await chain((deps) => ({ deps, queue: untouchableQueue, locks: memoryLocks(), runId, signal: new AbortController().signal }))).toBe(1);
  });
});

describe("a schedule's batch job", () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase('pglite');
    await seedFairview(database);
  });
  afterEach(async () => {
    await database.close();
  });

  // The privacy page's promises hold on a queue-only install too: the nightly batch is then a schedule's job.
  it("enqueues its status's cities and deletes the personal data kept past its time", async () => {
    const sent: string[] = [];
    const queue = { send: async (name: string) => (sent.push(name), `job-${sent.length}`) } as unknown as JobQueue;
    const expired = new Date(Date.now() - 60_000);
    await database.db.insertInto('auth_codes').values({ email: 'gone@example.org', purpose: 'login', code_hash: 'h', expires_at: expired }).execute();
    const context: JobContext = { deps: workerDeps(database), queue, locks: memoryLocks(), runId: await insertRun(database.db, 'worker', {}), signal: new AbortController().signal };
    const job: QueuedJob = { id: 'tick-1', queue: 'civic-schedule-live', data: { status: 'live', stages: ['discover'] }, retryCount: 0, retryLimit: 3, createdOn: new Date(), startedOn: new Date() };
    const outcome = await runJob(context, job);
    expect(outcome).toMatchObject({ status: 'completed', output: { outcome: 'done', status: 'Live', cities: ['fairview-ca', 'riverton-or'] } });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((name) => name === DISCOVER_QUEUE)).toBe(true);
    expect(await database.db.selectFrom('auth_codes').select('id').execute()).toEqual([]);
  });
});
