/**
 * Pipeline overhead: 200 fixture videos through every stage against the fake OpenAI server
 * answering after a fixed 300 ms, 8 calls at a time. With 8 calls always in flight the run
 * would take calls × 300 ms / 8; the ratio of the wall time to that ideal is the pipeline's
 * own overhead (database, transcripts, scheduling). Target: at most 1.15. Runs on embedded
 * PGlite, and on PostgreSQL as well when BENCH_DATABASE_URL is set.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createFixtureDemoData } from '../../core/adapters/fixture/demo-data.js';
import { createOpenAiAnalyzer } from '../../core/adapters/openai/openai-analyzer.js';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { createTranscriptSource } from '../../core/adapters/youtube-transcript/select-transcript-source.js';
import { seedDemo } from '../../core/demo/seed.js';
import { createSilentLogger } from '../../core/logger.js';
import type { ProgressState } from '../../core/pipeline/progress.js';
import { createPipelineService } from '../../core/pipeline/service.js';
import { openBenchDatabase } from './bench-database.js';
import { startFakeOpenAiProcess, type AnsweredCall, type FakeOpenAiProcess } from './fake-openai-process.js';
import { BENCH_CITY_KEY, createFixtureCorpus, type FixtureCorpus } from './fixture-corpus.js';

const VIDEOS = 200;
const LATENCY_MS = 300;
const CONCURRENCY = 8;
const TARGET_RATIO = 1.15;

interface RunFigures {
  wallMs: number;
  startedAt: number;
  cpuMs: number;
  eventLoopBusy: number;
  loopDelayP99Ms: number;
  progress: ProgressState;
}

async function runPipelineOnce(corpus: FixtureCorpus, fake: FakeOpenAiProcess, databaseUrl: string | undefined) {
  const database = await openBenchDatabase(databaseUrl);
  try {
    await seedDemo(database.db, createFixtureDemoData(corpus.dir));
    await fake.reset();
    const analyzer = createOpenAiAnalyzer({
      apiKey: 'bench-key',
      baseUrl: fake.url,
      model: 'gpt-4o-mini',
      limits: { requestsPerMinute: 100_000, tokensPerMinute: 1e9, maxConcurrent: CONCURRENCY },
    });
    const pipeline = createPipelineService({
      db: database.db,
      engine: database.engine,
      logger: createSilentLogger(),
      videoSource: createVideoSource({ fixturesDir: corpus.dir }),
      transcriptSource: createTranscriptSource({ fixturesDir: corpus.dir }),
      analyzer,
    });
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const loopBefore = performance.eventLoopUtilization();
    const cpuBefore = process.cpuUsage();
    const startedAt = Date.now();
    const started = performance.now();
    const summary = await pipeline.ingest({ cityKey: BENCH_CITY_KEY, concurrency: CONCURRENCY });
    const figures: RunFigures = {
      wallMs: performance.now() - started,
      startedAt,
      cpuMs: cpuTotalMs(process.cpuUsage(cpuBefore)),
      eventLoopBusy: performance.eventLoopUtilization(loopBefore).utilization,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      progress: summary.progress,
    };
    loopDelay.disable();
    return { description: database.description, figures };
  } finally {
    await database.close();
  }
}

const cpuTotalMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function benchEngine(corpus: FixtureCorpus, fake: FakeOpenAiProcess, databaseUrl: string | undefined): Promise<boolean> {
  const { description, figures } = await runPipelineOnce(corpus, fake, databaseUrl);
  const { calls, answered } = await fake.stats();
  const idealMs = (calls * LATENCY_MS) / CONCURRENCY;
  const ratio = figures.wallMs / idealMs;
  console.log(`\n-- ${description}`);
  console.log(`videos ${VIDEOS}, model calls ${calls}, concurrency ${CONCURRENCY}, model latency ${LATENCY_MS} ms`);
  console.log(`wall ${seconds(figures.wallMs)} s, ideal ${seconds(idealMs)} s, ratio ${ratio.toFixed(3)} (target <= ${TARGET_RATIO})`);
  console.log(ratio <= TARGET_RATIO ? 'target met' : 'target missed');
  printWhereTimeWent(figures, answered);
  const { failures } = figures.progress;
  for (const failure of failures.slice(0, 5)) console.error(`failed: ${failure.stage} ${failure.label}: ${failure.reason}`);
  if (failures.length > 0) console.error(`${failures.length} stage failures: the figures above are not from a clean run`);
  return failures.length === 0 && calls > 0;
}

/** Before the first call, while calls were in flight, after the last; and how busy this process was. */
function printWhereTimeWent(figures: RunFigures, answered: AnsweredCall[]): void {
  const at = (time: number | null) => (time === null ? '-' : seconds(time - figures.startedAt));
  if (answered.length > 0) {
    const firstReceived = Math.min(...answered.map((call) => call.receivedAt));
    const lastAnswered = Math.max(...answered.map((call) => call.answeredAt));
    const serverMs = answered.reduce((sum, call) => sum + call.answeredAt - call.receivedAt, 0);
    const inFlight = serverMs / Math.max(1, lastAnswered - firstReceived);
    console.log(
      `first call at ${at(firstReceived)} s, last answer at ${at(lastAnswered)} s; calls in flight in between: ` +
        `mean ${inFlight.toFixed(2)}, max ${maxInFlight(answered)} (limit ${CONCURRENCY})`,
    );
    console.log(`mean call at the server ${(serverMs / answered.length).toFixed(0)} ms`);
  }
  console.log(
    `this process: CPU ${seconds(figures.cpuMs)} s (${(figures.cpuMs / figures.wallMs).toFixed(2)} of the wall time), ` +
      `event loop busy ${(figures.eventLoopBusy * 100).toFixed(0)}%, event loop delay p99 ${figures.loopDelayP99Ms.toFixed(0)} ms`,
  );
  // A busy event loop with little CPU means the main thread was waiting for a core: a busy machine, not our code.
  console.log(`machine: load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
  for (const [stage, progress] of Object.entries(figures.progress.stages)) {
    if (!progress) continue;
    console.log(
      `  ${stage.padEnd(10)} done ${progress.done}, skipped ${progress.skipped}, failed ${progress.failed}; ` +
        `first start ${at(progress.firstStartedAt)} s, last finish ${at(progress.lastFinishedAt)} s`,
    );
  }
}

/** The most calls the server held at once. */
function maxInFlight(answered: AnsweredCall[]): number {
  // Answers sort before arrivals at the same millisecond: a slot freed and taken is not two calls.
  const edges = answered.flatMap((call) => [[call.receivedAt, 1] as const, [call.answeredAt, -1] as const]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, change] of edges) max = Math.max(max, (now += change));
  return max;
}

async function main(): Promise<void> {
  const corpus = await createFixtureCorpus(VIDEOS);
  let fake: FakeOpenAiProcess | undefined;
  let ok = true;
  try {
    fake = await startFakeOpenAiProcess({ latencyMs: LATENCY_MS });
    ok = (await benchEngine(corpus, fake, undefined)) && ok;
    const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
    if (databaseUrl) ok = (await benchEngine(corpus, fake, databaseUrl)) && ok;
    else console.log('\n(set BENCH_DATABASE_URL=postgres://... to run it on PostgreSQL too)');
  } finally {
    await fake?.close();
    await corpus.remove();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
