/**
 * Queue workers (issue 26): fixture videos through every stage as pg-boss jobs, taken by 1, 2
 * and 4 `civic worker` processes against the fake OpenAI server in a child process.
 * - model-bound: the model answers in 2 s, 2 jobs a worker, 60 videos. Targets: 4 workers ≥ 3.6×
 *   one, 2 workers ≥ 1.9×.
 * - CPU-bound: 300 ms answers, 8 jobs a worker, 200 videos (one worker leaves a core of two half
 *   idle). Targets: 4 workers ≥ 1.3× one, no lock-race retries, CPU per job (the workers and
 *   the PostgreSQL backends serving this bench's database, from /proc) ≤ 12 ms.
 * - memory: one worker through 2,000 jobs; its RSS after 2,000 within 10% of after 200.
 * Printed per run: wall time, speed-up, retries, statements and CPU per job. Ratios are of one
 * run on a shared machine: read them with the CPU figures. Needs PostgreSQL (BENCH_DATABASE_URL,
 * a server where databases may be created, on this machine for the backends' CPU); else skips.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, queueSettled, startWorker, stopWorker, tempDataDir, type ScratchDatabase, type WorkerProcess } from '../../cli/testing/queue-harness.js';
import { runCivic } from '../../cli/testing/run-civic.js';
import { startFakeOpenAiProcess } from './fake-openai-process.js';
import { BENCH_CITY_KEY, createFixtureCorpus, type FixtureCorpus } from './fixture-corpus.js';
import { cpuMeterAvailable, processCpuSeconds } from './process-cpu.js';
import { printCpuTimeline, printSlotTimeline, type CpuSample } from './queue-timeline.js';

const PROBE = fileURLToPath(new URL('./worker-probe.mjs', import.meta.url));

interface Scenario {
  name: string;
  videos: number;
  latencyMs: number;
  concurrency: number;
}

const MODEL_BOUND: Scenario = { name: 'model-bound', videos: 60, latencyMs: 2_000, concurrency: 2 };
const CPU_BOUND: Scenario = { name: 'CPU-bound', videos: 200, latencyMs: 300, concurrency: 8 };
const MEMORY: Scenario = { name: 'memory', videos: 500, latencyMs: 20, concurrency: 8 };

interface Figures {
  workers: number;
  wallMs: number;
  jobs: number;
  retries: number;
  statementsPerJob: number;
  /** CPU seconds of the workers and of this database's PostgreSQL backends (null without /proc). */
  cpu: { workers: number; postgres: number } | null;
  /** Each worker's RSS (MB) when the jobs done reached each mark. */
  rssAt: Map<number, number>;
}

interface Probe {
  statements: number;
  rss: number;
  /** With BENCH_STATEMENT_TEXTS=1: statements by the start of their text. */
  texts?: Record<string, number>;
}

function textCounts(probes: readonly Probe[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const probe of probes) for (const [text, n] of Object.entries(probe.texts ?? {})) counts.set(text, (counts.get(text) ?? 0) + n);
  return counts;
}

/** Where a run's statements went, per job, most first (BENCH_STATEMENT_TEXTS=1). */
function printStatementTexts(before: Map<string, number>, after: Map<string, number>, jobs: number): void {
  const rows = [...after].map(([text, n]) => [text, (n - (before.get(text) ?? 0)) / jobs] as const).filter(([, perJob]) => perJob > 0.005);
  for (const [text, perJob] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${perJob.toFixed(2)}  ${text}`);
}

async function readProbes(dir: string): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const file of await fs.readdir(dir)) {
    if (!file.endsWith('.json')) continue;
    try {
      probes.push(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Probe);
    } catch {
      // Being written: the next read gets it.
    }
  }
  return probes;
}

/**
 * CPU seconds per PostgreSQL backend serving `database` (the server's processes on this
 * machine). At the baseline each counts from its CPU then; one first seen later started
 * during the run, so all of its CPU is the run's.
 */
async function sampleBackends(database: ScratchDatabase, name: string, seen: Map<number, { first: number; last: number }>, baseline: boolean): Promise<void> {
  const rows = await database.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and application_name like 'civic%'`, [name]);
  for (const { pid } of rows) {
    const seconds = processCpuSeconds(pid);
    const entry = seen.get(pid);
    if (entry) entry.last = Math.max(entry.last, seconds);
    else seen.set(pid, { first: baseline ? seconds : 0, last: seconds });
  }
}

async function completedJobs(database: ScratchDatabase): Promise<number> {
  const rows = await database.query<{ n: string }>(`select count(*) as n from pgboss.archive where name like 'civic-%' and state = 'completed'
    union all select count(*) from pgboss.job where name like 'civic-%' and state = 'completed'`);
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
}

async function runOnce(serverUrl: string, corpus: FixtureCorpus, modelUrl: string, scenario: Scenario, workers: number, marks: number[] = []): Promise<Figures> {
  const database = await createScratchDatabase(serverUrl);
  const databaseName = new URL(database.url).pathname.slice(1);
  const data = await tempDataDir();
  const probes = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-bench-probe-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: data.dir,
    FIXTURES_DIR: corpus.dir,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: modelUrl,
    CIVIC_ANALYZER: 'openai',
    CIVIC_MODEL_RPM: '100000',
    CIVIC_MODEL_TPM: '1000000000',
    CIVIC_QUEUE_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  const running: WorkerProcess[] = [];
  try {
    const seeded = await runCivic(['db', 'seed'], env);
    if (seeded.code !== 0) throw new Error(`civic db seed failed: ${seeded.stderr}`);
    // The workers start (and open the queue) before the clock does: their start-up is not the engine's cost.
    const workerEnv = { ...env, LOG_LEVEL: 'info', CIVIC_BENCH_PROBE_DIR: probes, NODE_OPTIONS: `--import ${PROBE}`, ...(process.env.BENCH_PROFILE_DIR ? { CIVIC_BENCH_PROFILE_DIR: process.env.BENCH_PROFILE_DIR } : {}),
      ...(process.env.BENCH_STATEMENT_TEXTS ? { CIVIC_BENCH_STATEMENT_TEXTS: '1' } : {}),
    };
    for (let i = 0; i < workers; i++) running.push(startWorker(workerEnv, ['--concurrency', String(scenario.concurrency)]));
    while (!running.every((worker) => worker.stderr().includes('"worker started"'))) {
      if (running.some((worker) => worker.child.exitCode !== null)) throw new Error(`a worker exited: ${running.map((w) => w.stderr()).join('\n')}`);
      await delay(100);
    }
    await delay(300);
    const measureCpu = cpuMeterAvailable();
    const backends = new Map<number, { first: number; last: number }>();
    if (measureCpu) await sampleBackends(database, databaseName, backends, true);
    const workersCpu = () => running.reduce((sum, worker) => sum + processCpuSeconds(worker.child.pid ?? 0), 0);
    const cpuBefore = workersCpu();
    const probedBefore = await readProbes(probes);
    const statementsBefore = probedBefore.reduce((sum, probe) => sum + probe.statements, 0);
    const begin = performance.now();
    const beganAt = Date.now();
    const timeline = process.env.BENCH_TIMELINE ? [] as CpuSample[] : null;
    const enqueued = await runCivic(['ingest', '--city', BENCH_CITY_KEY, '--queue', '--json'], env);
    if (enqueued.code !== 0) throw new Error(`civic ingest --queue failed: ${enqueued.stderr}`);
    const rssAt = new Map<number, number>();
    const pending = [...marks];
    for (;;) {
      if (measureCpu) await sampleBackends(database, databaseName, backends, false);
      timeline?.push({ ms: performance.now() - begin, cpuSeconds: workersCpu() - cpuBefore, jobs: await completedJobs(database) });
      if (pending.length > 0 && (await completedJobs(database)) >= pending[0]!) {
        await delay(300); // the probe writes four times a second
        const probed = await readProbes(probes);
        rssAt.set(pending.shift()!, Math.max(...probed.map((probe) => probe.rss)) / 2 ** 20);
      }
      if (await queueSettled(database)) break;
      await delay(100);
    }
    const wallMs = performance.now() - begin;
    const cpuWorkers = workersCpu() - cpuBefore;
    await delay(300);
    const probedAfter = await readProbes(probes);
    const statements = probedAfter.reduce((sum, probe) => sum + probe.statements, 0) - statementsBefore;
    const verified = await database.query<{ n: string }>(`select count(*) as n from video_stages where stage = 'verify' and status = 'done'`);
    if (Number(verified[0]?.n) !== scenario.videos) throw new Error(`only ${verified[0]?.n} of ${scenario.videos} videos were verified`);
    const jobs = await completedJobs(database);
    if (timeline) {
      printCpuTimeline(timeline);
      await printSlotTimeline(database, beganAt, workers * scenario.concurrency);
    }
    if (process.env.BENCH_STATEMENT_TEXTS) printStatementTexts(textCounts(probedBefore), textCounts(probedAfter), jobs);
    const retried = await database.query<{ n: string }>(
      `select coalesce(sum(retry_count), 0) as n from (select retry_count from pgboss.archive where name like 'civic-%' union all select retry_count from pgboss.job where name like 'civic-%') jobs`,
    );
    const postgres = [...backends.values()].reduce((sum, entry) => sum + (entry.last - entry.first), 0);
    return { workers, wallMs, jobs, retries: Number(retried[0]?.n ?? 0), statementsPerJob: statements / jobs, cpu: measureCpu ? { workers: cpuWorkers, postgres } : null, rssAt };
  } finally {
    await Promise.all(running.map((worker) => stopWorker(worker)));
    await database.drop();
    await data.remove();
    await fs.rm(probes, { recursive: true, force: true });
  }
}

function describe(scenario: Scenario, figures: Figures, one: Figures): string {
  const cpu = figures.cpu ? `; CPU workers ${figures.cpu.workers.toFixed(1)} s + PostgreSQL ${figures.cpu.postgres.toFixed(1)} s = ${(((figures.cpu.workers + figures.cpu.postgres) * 1000) / figures.jobs).toFixed(1)} ms a job` : '';
  return (
    `${scenario.name}, ${figures.workers} worker(s) × ${scenario.concurrency}: ${(figures.wallMs / 1000).toFixed(1)} s for ${scenario.videos} videos, ` +
    `${(one.wallMs / figures.wallMs).toFixed(2)}× one worker; ${figures.jobs} jobs, ${figures.retries} retries, ${figures.statementsPerJob.toFixed(1)} statements a job${cpu}`
  );
}

async function runScenario(serverUrl: string, scenario: Scenario, workerCounts: readonly number[], marks: number[] = []): Promise<Figures[]> {
  const corpus = await createFixtureCorpus(scenario.videos);
  const fake = await startFakeOpenAiProcess({ latencyMs: scenario.latencyMs });
  try {
    const figures: Figures[] = [];
    for (const workers of workerCounts) {
      await fake.reset();
      const result = await runOnce(serverUrl, corpus, fake.url, scenario, workers, marks);
      figures.push(result);
      console.log(describe(scenario, result, figures[0]!));
    }
    return figures;
  } finally {
    await fake.close();
    await corpus.remove();
  }
}

function verdict(what: string, value: number, target: number, atLeast: boolean, unit = '×'): boolean {
  const met = atLeast ? value >= target : value <= target;
  console.log(`${what}: ${value.toFixed(2)}${unit} (target ${atLeast ? '≥' : '≤'} ${target}${unit}): ${met ? 'met' : 'MISSED'}`);
  return met;
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('queue-workers: skipped, it needs PostgreSQL: set BENCH_DATABASE_URL=postgres://user@host:5432/db (a server where databases may be created)');
    return;
  }
  // To look closer: BENCH_QUEUE_SCENARIO=model|cpu|memory runs one, BENCH_QUEUE_WORKERS=1,4 those counts,
  // BENCH_PROFILE_DIR=/tmp/prof writes each worker's CPU profile there, BENCH_STATEMENT_TEXTS=1 lists the statements a job,
  // BENCH_TIMELINE=1 prints how busy the slots were and the workers' CPU a job, second by second.
  const only = process.env.BENCH_QUEUE_SCENARIO?.trim();
  const counts = (process.env.BENCH_QUEUE_WORKERS?.split(',').map(Number) ?? [1, 2, 4]).filter((n) => n > 0);
  const results: boolean[] = [];
  if (!only || only === 'model') {
    const figures = await runScenario(serverUrl, MODEL_BOUND, counts);
    const speedUp = (workers: number) => figures[0]!.wallMs / (figures.find((each) => each.workers === workers)?.wallMs ?? Number.NaN);
    if (counts.includes(4)) results.push(verdict('model-bound: 4 workers over one', speedUp(4), 3.6, true));
    if (counts.includes(2)) results.push(verdict('model-bound: 2 workers over one', speedUp(2), 1.9, true));
  }
  if (!only || only === 'cpu') {
    const figures = await runScenario(serverUrl, CPU_BOUND, counts);
    const four = figures.find((each) => each.workers === 4);
    if (four) results.push(verdict('CPU-bound: 4 workers over one', figures[0]!.wallMs / four.wallMs, 1.3, true));
    results.push(verdict('CPU-bound: lock-race retries', Math.max(...figures.map((each) => each.retries)), 0, false, ''));
    const perJob = figures.flatMap((each) => (each.cpu ? [((each.cpu.workers + each.cpu.postgres) * 1000) / each.jobs] : []));
    if (perJob.length > 0) results.push(verdict('CPU-bound: CPU a job, the most of the runs', Math.max(...perJob), 12, false, ' ms'));
  }
  if (!only || only === 'memory') {
    const [run] = await runScenario(serverUrl, MEMORY, [1], [200, 2_000]);
    const early = run!.rssAt.get(200);
    const late = run!.rssAt.get(2_000);
    if (early && late) {
      console.log(`memory: one worker's RSS ${early.toFixed(0)} MB after 200 jobs, ${late.toFixed(0)} MB after 2,000`);
      results.push(verdict('memory: RSS after 2,000 jobs over after 200', late / early, 1.1, false));
    }
  }
  if (results.includes(false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
