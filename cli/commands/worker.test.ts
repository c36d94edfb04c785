import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureCorpus, type FixtureCorpus } from '../../scripts/bench/fixture-corpus.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from '../../core/testing/fake-openai.js';
import {
  civic,
  createScratchDatabase,
  jobsPerKey,
  queueSettled,
  startWorker,
  stopWorker,
  tempDataDir,
  TEST_DATABASE_URL,
  waitUntil,
  type ScratchDatabase,
  type WorkerProcess,
} from '../testing/queue-harness.js';

/** The meeting a model request is about: the analysis and story prompts name it. */
const titleOf = (request: FakeRequest) => /Meeting title: (.+)/.exec(request.prompt)?.[1]?.trim() ?? '?';

describe('civic worker on the embedded database', () => {
  it.each([
    [['worker'], 'civic worker'],
    [['ingest', '--city', 'fairview-ca', '--queue'], '--queue'],
    [['batch', '--queue'], '--queue'],
    [['schedule', 'add', '--cron', '0 3 * * *'], 'civic schedule'],
    [['queue', 'status'], 'civic queue'],
  ])('civic %j refuses in one line with exit 2', async (args, what) => {
    const data = await tempDataDir();
    try {
      const result = await civic(args, { DATA_DIR: data.dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`civic: ${what} needs PostgreSQL: set DATABASE_URL\n`);
      expect(result.stdout).toBe('');
    } finally {
      await data.remove();
    }
  });
});

// Needs a PostgreSQL server where scratch databases may be created.
describe.skipIf(!TEST_DATABASE_URL)('civic worker on PostgreSQL', () => {
  let model: FakeOpenAi;
  let corpus: FixtureCorpus;
  let database: ScratchDatabase;
  let data: { dir: string; remove(): Promise<void> };
  let workers: WorkerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    corpus = await createFixtureCorpus(30);
  });
  afterAll(async () => {
    await model.close();
    await corpus.remove();
  });
  beforeEach(async () => {
    model.reset();
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
      // The account's default token budget (200,000 a minute) would hold 30 videos' calls for a
      // minute of waiting; the shared limiter has its own tests (core/queue/shared-state.test.ts).
      CIVIC_MODEL_RPM: '100000',
      CIVIC_MODEL_TPM: '1000000000',
      LOG_LEVEL: 'info',
    };
    const seeded = await civic(['db', 'seed'], env);
    expect(seeded.code, seeded.stderr).toBe(0);
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    workers = [];
    await database.drop();
    await data.remove();
  });

  const spawnWorkers = (count: number, extraEnv: Record<string, string> = {}, concurrency = 4) => {
    const started = Array.from({ length: count }, () => startWorker({ ...env, ...extraEnv }, ['--concurrency', String(concurrency)]));
    workers.push(...started);
    return started;
  };
  const stageRows = (stage: string) =>
    database.query<{ title: string; status: string; last_error: string | null }>(
      `select v.title, s.status, s.last_error from video_stages s join city_videos v on v.id = s.city_video_id where s.stage = $1 order by v.title`,
      [stage],
    );

  it('enqueues a city once however often it is asked, and three workers finish every video without a duplicate model call', async () => {
    const first = await civic(['ingest', '--city', 'fairview-ca', '--queue', '--json'], env);
    const second = await civic(['ingest', '--city', 'fairview-ca', '--queue', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    const sources = Number((await database.query<{ n: string }>(`select count(*) as n from city_urls u join cities_urls cu on cu.url_id = u.id join cities c on c.id = cu.city_id where c.location_key = 'fairview-ca' and u.content_type = 'video'`))[0]!.n);
    expect(JSON.parse(first.stdout)).toMatchObject({ enqueued: { 'civic-discover': sources }, alreadyQueued: 0 });
    expect(JSON.parse(second.stdout)).toMatchObject({ enqueued: {}, alreadyQueued: sources });

    const [one] = spawnWorkers(3);
    await waitUntil('the queue to settle', () => queueSettled(database), 240_000);
    const stopped = await Promise.all(workers.map((worker) => stopWorker(worker)));
    expect(stopped).toEqual([0, 0, 0]);

    const videos = Number((await database.query<{ n: string }>(`select count(*) as n from city_videos`))[0]!.n);
    expect(videos).toBeGreaterThanOrEqual(30);
    for (const stage of ['analysis', 'story', 'verify']) {
      const rows = await stageRows(stage);
      expect(rows.filter((row) => row.status === 'done'), stage).toHaveLength(videos);
    }
    // One job per video and stage (and per source for discovery), ever.
    const perKey = await jobsPerKey(database);
    expect(perKey.filter((row) => row.count > 1)).toEqual([]);
    expect(perKey.filter((row) => row.name === 'civic-analysis')).toHaveLength(videos);
    // One model call per video for each of analysis and story, whichever worker took it.
    const calls = new Map<string, number>();
    for (const request of model.requests) {
      const key = `${request.schemaName}:${titleOf(request)}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
    }
    expect([...calls.entries()].filter(([, count]) => count > 1)).toEqual([]);
    // Per-job JSON log lines.
    const line = one!.stderr().split('\n').find((text) => text.includes('"job finished"'));
    expect(JSON.parse(line!)).toMatchObject({ queue: expect.stringMatching(/^civic-/), outcome: expect.any(String), ms: expect.any(Number) });
    const status = await civic(['queue', 'status', '--json'], env);
    const rows = (JSON.parse(status.stdout) as { jobs: { stage: string; waiting: number; active: number; failed: number; completed: number }[] }).jobs;
    expect(rows.find((row) => row.stage === 'story')).toMatchObject({ waiting: 0, active: 0, failed: 0, completed: videos });
  }, 300_000);

  it('hands the job of a worker killed mid-job to another worker once it expires, nothing duplicated nor lost', async () => {
    let held = 0;
    model.script({
      kind: 'hook',
      times: Number.POSITIVE_INFINITY,
      // The first analysis request is left unanswered for a while: its worker is killed meanwhile.
      handle: async (request) => {
        if (request.schemaName?.includes('analysis') && held++ === 0) await new Promise((resolve) => setTimeout(resolve, 20_000));
        return { kind: 'ok' };
      },
    });
    // Short enough to wait for, long enough that no stage of a live worker outlives it on a busy machine.
    const quick = { CIVIC_QUEUE_JOB_EXPIRY_SECONDS: '20', CIVIC_QUEUE_MAINTENANCE_SECONDS: '1' };
    expect((await civic(['ingest', '--city', 'fairview-ca', '--queue', '--limit', '3'], { ...env, ...quick })).code).toBe(0);
    // One job at a time: the job in hand when it is killed is the held analysis.
    const [doomed] = spawnWorkers(1, quick, 1);
    await waitUntil('the first analysis request', async () => held > 0);
    doomed!.child.kill('SIGKILL');
    await doomed!.exited;
    spawnWorkers(1, quick);
    await waitUntil('the queue to settle', () => queueSettled(database), 240_000);

    const videos = Number((await database.query<{ n: string }>(`select count(*) as n from city_videos`))[0]!.n);
    for (const stage of ['analysis', 'story', 'verify']) {
      expect((await stageRows(stage)).filter((row) => row.status === 'done'), stage).toHaveLength(videos);
    }
    expect((await jobsPerKey(database)).filter((row) => row.count > 1)).toEqual([]);
    // The killed worker's analysis was taken again (retry_count 1); its answer never arrived, so one recorded call per video.
    const retried = await database.query<{ n: string }>(`select count(*) as n from pgboss.archive where name = 'civic-analysis' and retry_count > 0 union all select count(*) from pgboss.job where name = 'civic-analysis' and retry_count > 0`);
    expect(retried.reduce((sum, row) => sum + Number(row.n), 0)).toBe(1);
    const analyses = await database.query<{ n: string }>(`select count(*) as n from llm_calls where purpose = 'analysis' and ok group by city_video_id having count(*) > 1`);
    expect(analyses).toEqual([]);
    const runs = await database.query<{ status: string }>(`select status from pipeline_runs where command = 'worker' order by started_at`);
    expect(runs[0]?.status).toBe('interrupted');
  }, 300_000);

  it('a second SIGTERM hands the job in hand back and exits 0 at once; another worker finishes it', async () => {
    let held = 0;
    let released = false;
    model.script({
      kind: 'hook',
      times: Number.POSITIVE_INFINITY,
      // The first analysis request is not answered for a minute: the worker is stopped meanwhile.
      handle: async (request) => {
        if (request.schemaName?.includes('analysis') && held++ === 0) {
          await new Promise((resolve) => setTimeout(resolve, 60_000));
          released = true;
        }
        return { kind: 'ok' };
      },
    });
    expect((await civic(['ingest', '--city', 'fairview-ca', '--queue', '--limit', '1'], env)).code).toBe(0);
    const [stopping] = spawnWorkers(1, {}, 1);
    await waitUntil('the held analysis request', async () => held > 0);
    stopping!.child.kill('SIGTERM');
    await waitUntil('the first signal to be taken', async () => stopping!.stderr().includes('finishing the jobs in hand'));
    stopping!.child.kill('SIGTERM');
    expect(await stopping!.exited).toBe(0);
    // It did not wait for the held answer: the job went back to the queue unfinished.
    expect(released).toBe(false);
    expect(stopping!.stderr()).toContain('handing the jobs in hand back to the queue');
    expect(JSON.parse(stopping!.stdout().trim())).toMatchObject({ jobs: { completed: expect.any(Number), retried: 1, failed: 0 } });

    spawnWorkers(1);
    await waitUntil('the queue to settle', () => queueSettled(database), 240_000);
    const videos = Number((await database.query<{ n: string }>(`select count(*) as n from city_videos where has_transcript`))[0]!.n);
    for (const stage of ['analysis', 'story', 'verify']) {
      expect((await stageRows(stage)).filter((row) => row.status === 'done'), stage).toHaveLength(videos);
    }
    expect((await jobsPerKey(database)).filter((row) => row.count > 1)).toEqual([]);
  }, 300_000);

  it('a queued run with --max-cost 0 enqueues its videos, and no worker makes a model call', async () => {
    const enqueued = await civic(['ingest', '--city', 'fairview-ca', '--queue', '--max-cost', '0', '--json'], env);
    expect(enqueued.code, enqueued.stderr).toBe(0);
    expect(JSON.parse(enqueued.stdout)).toMatchObject({ budgetId: expect.any(String) });
    spawnWorkers(2);
    await waitUntil('the queue to settle', () => queueSettled(database), 240_000);
    expect(model.requests).toEqual([]);
    expect((await stageRows('transcript')).length).toBeGreaterThan(0);
    expect(await stageRows('analysis')).toEqual([]);
  }, 300_000);

  it("records one video's model failure on its stage, finishes the others, and retries it with civic queue retry --failed", async () => {
    let failing = true;
    model.script({
      kind: 'hook',
      times: Number.POSITIVE_INFINITY,
      handle: (request) =>
        failing && titleOf(request) === 'City Council Regular Meeting 2' ? { kind: 'error', status: 400, message: 'context window exceeded' } : { kind: 'ok' },
    });
    expect((await civic(['ingest', '--city', 'fairview-ca', '--queue'], env)).code).toBe(0);
    spawnWorkers(1);
    await waitUntil('the queue to settle', () => queueSettled(database), 240_000);

    const analyses = await stageRows('analysis');
    const failed = analyses.filter((row) => row.status === 'failed');
    expect(failed).toEqual([{ title: 'City Council Regular Meeting 2', status: 'failed', last_error: expect.stringContaining('context window exceeded') }]);
    expect(analyses.filter((row) => row.status === 'done')).toHaveLength(analyses.length - 1);
    const report = await civic(['report', '--city', 'fairview-ca'], env);
    expect(report.stdout).toContain('context window exceeded');
    const status = (JSON.parse((await civic(['queue', 'status', '--json'], env)).stdout) as { jobs: { stage: string; failed: number }[] }).jobs;
    expect(status.find((row) => row.stage === 'analysis')?.failed).toBe(1);

    failing = false;
    const retry = await civic(['queue', 'retry', '--failed', '--city', 'fairview-ca'], env);
    expect(retry.stdout).toBe('Retried 1 failed job: analysis 1. Workers take them up now.\n');
    await waitUntil('the retried job to finish', () => queueSettled(database), 120_000);
    for (const stage of ['analysis', 'story', 'verify']) {
      const rows = await stageRows(stage);
      expect(rows.find((row) => row.title === 'City Council Regular Meeting 2')?.status, stage).toBe('done');
    }
  }, 300_000);

  it('starts one batch per tick of a schedule however many workers run', async () => {
    const added = await civic(['schedule', 'add', '--cron', '* * * * *', '--status', 'live'], env);
    expect(added.stdout).toContain('Scheduled "live": a batch of the Live cities at "* * * * *" (UTC)');
    expect((await civic(['schedule', 'list'], env)).stdout).toBe('live  "* * * * *" UTC  status Live\n');
    spawnWorkers(2);
    const ticks = () => database.query<{ minute: string; n: string }>(
      `select date_trunc('minute', created_on)::text as minute, count(*) as n
         from (select created_on from pgboss.job where name = 'civic-schedule-live' union all select created_on from pgboss.archive where name = 'civic-schedule-live') jobs
        group by 1`,
    );
    await waitUntil('a scheduled batch', async () => (await ticks()).length > 0, 150_000);
    await waitUntil('the batch to be done', () => queueSettled(database), 240_000);
    const rows = await ticks();
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    // Each tick's batch enqueued discovery of each Live city's sources once.
    expect((await jobsPerKey(database)).filter((row) => row.name === 'civic-discover' && row.count > rows.length)).toEqual([]);
    expect((await database.query(`select 1 from pgboss.archive where name = 'civic-discover' union all select 1 from pgboss.job where name = 'civic-discover'`)).length).toBeGreaterThan(0);
    const removed = await civic(['schedule', 'remove', 'live'], env);
    expect(removed.stdout).toBe('Removed schedule "live".\n');
    expect((await civic(['schedule', 'remove', 'live'], env)).stderr).toBe('civic: No schedule named "live" (schedules: none)\n');
  }, 300_000);
});
