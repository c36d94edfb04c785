/**
 * Peak memory of discovering and transcribing 2,000 fixture videos on embedded PGlite
 * (stages discover + transcript, 8 at a time). Target: peak RSS under 300 MB.
 *
 * Like `civic db seed` followed by `civic ingest`, one child process creates the database
 * (migrated and seeded) and a second one opens it and runs the stages: only the second is
 * the run measured, and generating the fixtures counts against neither. The measuring child
 * samples its memory every 50 ms and reports the peaks with the OS's maximum RSS. The first
 * child's peak is printed too: creating a new embedded database costs more than using one.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { createTranscriptSource } from '../../core/adapters/youtube-transcript/select-transcript-source.js';
import { openDatabase } from '../../core/db/database.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import { seedDemo } from '../../core/demo/seed.js';
import { createSilentLogger } from '../../core/logger.js';
import { createPipelineService } from '../../core/pipeline/service.js';
import { BENCH_CITY_KEY, createFixtureCorpus } from './fixture-corpus.js';

const VIDEOS = 2_000;
const CONCURRENCY = 8;
const TARGET_MB = 300;
const SAMPLE_MS = 50;
const PREPARE = '--prepare';
const MEASURE = '--measure';

type Memory = ReturnType<typeof process.memoryUsage>;

interface Report {
  seconds: number;
  /** After the database was opened, before the run. */
  before: Memory;
  /** The sample with the highest RSS. */
  atPeak: Memory;
  peaks: Memory;
  maxRssMb: number;
  transcribed: number;
  failed: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (memory: Memory) =>
  `rss ${mb(memory.rss).toFixed(0)}, heapUsed ${mb(memory.heapUsed).toFixed(0)}, heapTotal ${mb(memory.heapTotal).toFixed(0)}, ` +
  `external ${mb(memory.external).toFixed(0)}, arrayBuffers ${mb(memory.arrayBuffers).toFixed(0)} MB`;

/** First child: a new database in `dataDir`, migrated and seeded; reports its own peak RSS in MB. */
async function prepare(fixturesDir: string, dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db, fixturesDir);
  } finally {
    await database.close();
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** Second child: one pipeline run over the fixtures on the database in `dataDir`, sampled as it goes. */
async function measure(fixturesDir: string, dataDir: string): Promise<Report> {
  const database = await openDatabase({ dataDir });
  try {
    const pipeline = createPipelineService({
      db: database.db,
      engine: database.engine,
      logger: createSilentLogger(),
      videoSource: createVideoSource({ fixturesDir }),
      transcriptSource: createTranscriptSource({ fixturesDir }),
      // Only discover and transcript run: no model is called.
      analyzer: { kind: 'local', model: 'none', analyze: () => Promise.reject(new Error('unused')), writeStory: () => Promise.reject(new Error('unused')) },
    });
    const before = process.memoryUsage();
    let atPeak = before;
    const peaks = { ...before };
    const sample = () => {
      const now = process.memoryUsage();
      if (now.rss > atPeak.rss) atPeak = now;
      for (const key of Object.keys(peaks) as (keyof Memory)[]) peaks[key] = Math.max(peaks[key], now[key]);
    };
    const timer = setInterval(sample, SAMPLE_MS);
    const started = performance.now();
    try {
      const summary = await pipeline.ingest({ cityKey: BENCH_CITY_KEY, stages: ['discover', 'transcript'], concurrency: CONCURRENCY });
      sample();
      const transcript = summary.progress.stages.transcript;
      return {
        seconds: (performance.now() - started) / 1000,
        before,
        atPeak,
        peaks,
        // resourceUsage().maxRSS is in kilobytes: the whole life of the process, between samples too.
        maxRssMb: process.resourceUsage().maxRSS / 1024,
        transcribed: transcript?.done ?? 0,
        failed: summary.progress.failures.length,
      };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await database.close();
  }
}

async function runChild<T>(mode: string, fixturesDir: string, dataDir: string): Promise<T> {
  // fork() passes on process.execArgv, which under tsx carries its loader.
  const child = fork(fileURLToPath(import.meta.url), [mode, fixturesDir, dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let result: { value: T } | undefined;
  child.on('message', (value: T) => {
    result = { value };
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0 || !result) throw new Error(`The ${mode.slice(2)} process failed (exit code ${code})`);
  return result.value;
}

async function main(): Promise<void> {
  const corpus = await createFixtureCorpus(VIDEOS);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'town-crier-bench-db-'));
  let createMb: number;
  let report: Report;
  try {
    createMb = await runChild<number>(PREPARE, corpus.dir, dataDir);
    report = await runChild<Report>(MEASURE, corpus.dir, dataDir);
  } finally {
    await Promise.all([corpus.remove(), fs.rm(dataDir, { recursive: true, force: true })]);
  }
  const peakMb = Math.max(report.maxRssMb, mb(report.atPeak.rss));
  console.log(`videos ${VIDEOS}, stages discover + transcript, concurrency ${CONCURRENCY}, embedded PGlite`);
  console.log(`transcribed ${report.transcribed}, failed ${report.failed}, in ${report.seconds.toFixed(1)} s`);
  console.log(`before the run:   ${fmt(report.before)}`);
  console.log(`at the RSS peak:  ${fmt(report.atPeak)}`);
  console.log(`peak of each:     ${fmt(report.peaks)}`);
  console.log(`max RSS of the process (OS) ${report.maxRssMb.toFixed(0)} MB`);
  console.log(`peak RSS ${peakMb.toFixed(0)} MB (target < ${TARGET_MB} MB)`);
  console.log(`(creating the database beforehand, in its own process: max RSS ${createMb.toFixed(0)} MB)`);
  console.log(peakMb < TARGET_MB ? 'target met' : 'target missed');
  if (report.failed > 0 || report.transcribed !== VIDEOS) {
    console.error(`expected ${VIDEOS} transcripts, got ${report.transcribed} (${report.failed} failures)`);
    process.exitCode = 1;
  }
}

function reportToParent(work: Promise<unknown>): void {
  work
    .then((value) => process.send?.(value, () => process.disconnect()))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

const [mode, fixturesDir = '', dataDir = ''] = process.argv.slice(2);
if (mode === PREPARE) reportToParent(prepare(fixturesDir, dataDir));
else if (mode === MEASURE) reportToParent(measure(fixturesDir, dataDir));
else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
