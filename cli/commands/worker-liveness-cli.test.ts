import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureCorpus, type FixtureCorpus } from '../../scripts/bench/fixture-corpus.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../core/testing/fake-openai.js';
import {
  civic,
  createScratchDatabase,
  queueSettled,
  startWorker,
  stopWorker,
  tempDataDir,
  TEST_DATABASE_URL,
  waitUntil,
  type ScratchDatabase,
  type WorkerProcess,
} from '../testing/queue-harness.js';

interface StatusJson {
  jobs: { stage: string; city: string | null; waiting: number; active: number; abandoned: number; failed: number }[];
  workers: { host: string; pid: number; since: string; state: string; jobs: number; concurrency: number }[];
}

// Workers that register and beat (queue status lists them, a dead one's jobs go back at once),
// and that survive PostgreSQL dropping their connections. Needs a PostgreSQL server.
describe.skipIf(!TEST_DATABASE_URL)('civic worker: liveness and lost connections (PostgreSQL, child processes)', () => {
  let model: FakeOpenAi;
  let corpus: FixtureCorpus;
  let database: ScratchDatabase;
  let data: { dir: string; remove(): Promise<void> };
  let workers: WorkerProcess[] = [];
  let env: Record<string, string>;
  /** Analysis answers wait until this is true. */
  let answering = false;
  let asked = 0;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    corpus = await createFixtureCorpus(4);
  });
  afterAll(async () => {
    await model.close();
    await corpus.remove();
  });
  beforeEach(async () => {
    model.reset();
    answering = false;
    asked = 0;
    model.script({
      kind: 'hook',
      times: Number.POSITIVE_INFINITY,
      handle: async (request) => {
        if (request.schemaName?.includes('analysis')) {
          asked += 1;
          while (!answering) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { kind: 'ok' };
      },
    });
    database = await createScratchDatabase(TEST_DATABASE_URL!);
    data = await tempDataDir();
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      FIXTURES_DIR: corpus.dir,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: model.url,
      CIVIC_ANALYZER: 'openai',
      CIVIC_QUEUE_POLL_MS: '200',
      CIVIC_QUEUE_RETRY_DELAY_SECONDS: '1',
      CIVIC_WORKER_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    const seeded = await civic(['db', 'seed'], env);
    expect(seeded.code, seeded.stderr).toBe(0);
  });
  afterEach(async () => {
    answering = true;
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    workers = [];
    await database.drop();
    await data.remove();
  });

  const spawnWorker = (extraEnv: Record<string, string> = {}) => {
    const worker = startWorker({ ...env, ...extraEnv }, ['--concurrency', '2']);
    workers.push(worker);
    return worker;
  };
  const status = async () => JSON.parse((await civic(['queue', 'status', '--json'], env)).stdout) as StatusJson;
  const sum = (rows: StatusJson['jobs'], field: 'active' | 'abandoned' | 'failed') => rows.reduce((total, row) => total + row[field], 0);
  const analysesDone = async () => Number((await database.query<{ n: string }>(`select count(*) as n from video_stages where stage = 'analysis' and status = 'done'`))[0]!.n);
  const videoCount = async () => Number((await database.query<{ n: string }>(`select count(*) as n from city_videos`))[0]!.n);

  it('ingest --queue warns with no worker; queue status lists the workers, tells a killed one\'s jobs apart, and a live worker hands them back at once; report counts the workers\' runs', async () => {
    const enqueued = await civic(['ingest', '--city', 'fairview-ca', '--queue'], env);
    expect(enqueued.code).toBe(0);
    expect(enqueued.stderr).toBe('civic: no worker is running: the jobs wait until one starts (civic worker; civic queue status lists the workers)\n');
    expect((await civic(['queue', 'status'], env)).stdout).toContain('No worker is running: jobs wait until one starts (civic worker).');

    // The doomed one beats every 10 s: silent for three beats, it is reclaimed 20-30 s after its death, time enough to see it dead.
    const [doomed, survivor] = [spawnWorker({ CIVIC_WORKER_HEARTBEAT_SECONDS: '10' }), spawnWorker()];
    await waitUntil('both workers to hold analyses', async () => asked >= 4, 120_000);
    const before = await status();
    expect(before.workers.map((worker) => worker.pid).sort()).toEqual([doomed!.child.pid, survivor!.child.pid].sort());
    expect(before.workers.every((worker) => worker.state === 'live' && worker.concurrency === 2)).toBe(true);
    expect(before.workers.map((worker) => worker.jobs)).toEqual([2, 2]);
    expect(sum(before.jobs, 'abandoned')).toBe(0);
    const human = (await civic(['queue', 'status'], env)).stdout;
    expect(human).toMatch(/^stage +city +waiting +active +abandoned +failed +completed$/m);
    expect(human).toContain('Workers: 2 live');
    expect(human).toMatch(new RegExp(`^\\S+ +${doomed!.child.pid} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d.* +2/2 +live$`, 'm'));
    expect((await civic(['ingest', '--city', 'fairview-ca', '--queue'], env)).stderr).toBe('');

    doomed!.child.kill('SIGKILL');
    await doomed!.exited;
    // Its process is gone at once: dead, its two jobs abandoned (still 'active' in the queue).
    const after = await status();
    expect(after.workers.find((worker) => worker.pid === doomed!.child.pid)).toMatchObject({ state: 'dead', jobs: 2 });
    expect(sum(after.jobs, 'abandoned')).toBe(2);
    expect((await civic(['queue', 'status'], env)).stdout).toContain('2 jobs abandoned by dead workers');

    // Three missed beats later (30 s here; the expiry is 15 minutes) the survivor hands them back.
    await waitUntil('the dead worker\'s jobs to go back', async () => (await status()).workers.length === 1, 60_000);
    expect(survivor!.stderr()).toContain('dead workers found: their jobs handed back to the queue');
    answering = true;
    await waitUntil('the queue to settle', () => queueSettled(database), 120_000);
    expect(await analysesDone()).toBe(await videoCount());
    expect(sum((await status()).jobs, 'failed')).toBe(0);

    const report = await civic(['report', '--city', 'fairview-ca'], env);
    // The newer of the two workers' runs: the survivor's, or the killed one's (marked interrupted).
    expect(report.stdout).toMatch(/Last run: +worker (still running|interrupted), /);
  }, 300_000);

  it.each([
    ['its lock connection is terminated (57P01 on a checked-out client)', `select pg_terminate_backend(a.pid) from pg_stat_activity a join pg_locks l on l.pid = a.pid where l.locktype = 'advisory' and a.datname = current_database() and a.pid <> pg_backend_pid()`],
    ['every connection of its database is terminated (a restart)', `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`],
  ])('a worker survives when %s: it reconnects and its jobs go back to the queue at once', async (_label, terminate) => {
    expect((await civic(['ingest', '--city', 'fairview-ca', '--queue'], env)).code).toBe(0);
    const worker = spawnWorker();
    await waitUntil('the worker to hold two analyses', async () => asked >= 2, 120_000);
    const [held] = await database.query<{ ids: string[] }>(`select array_agg(id::text) as ids from pgboss.job where name = 'civic-analysis' and state = 'active'`);
    expect(held!.ids).toHaveLength(2);

    await database.query(terminate);
    await waitUntil('the worker to reconnect', async () => worker.stderr().includes('"msg":"worker reconnected"'), 60_000);
    expect(worker.child.exitCode).toBeNull();
    expect(worker.stderr()).toContain('worker lost its database connection: its jobs in hand go back to the queue; reconnecting');
    // Handed back, not left 'active' for the expiry; the lost attempt is not counted as a try.
    answering = true;
    await waitUntil('the queue to settle', () => queueSettled(database), 120_000);
    const retried = await database.query<{ id: string; retry_count: number; state: string }>(
      `select id::text, retry_count, state::text from pgboss.archive where id::text = any($1) union all select id::text, retry_count, state::text from pgboss.job where id::text = any($1)`,
      [held!.ids],
    );
    expect(retried.map((row) => row.state)).toEqual(['completed', 'completed']);
    expect(await analysesDone()).toBe(await videoCount());
    expect((await status()).workers).toEqual([expect.objectContaining({ pid: worker.child.pid, state: 'live' })]);

    expect(await stopWorker(worker)).toBe(0);
    expect(worker.stderr()).not.toMatch(/uncaught|unhandled|"level":50/i);
    expect(JSON.parse(worker.stdout().trim())).toMatchObject({ jobs: { failed: 0 } });
  }, 300_000);
});
