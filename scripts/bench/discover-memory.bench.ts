/**
 * Peak memory of `civic ingest` discovering and transcribing 2,000 fixture videos (stages
 * discover + transcript, 8 at a time) on embedded PGlite. Target: peak RSS under 300 MB.
 *
 * The real `civic` launcher (bin/civic.js) is measured, run as cron would run it: `civic db
 * seed` creates the database, with FIXTURES_DIR pointing `fixture:` sources at a generated
 * corpus, then `civic ingest --json` does the work. Between them, the same ingest with
 * --dry-run starts, opens the database and plans without doing anything: the floor the run
 * starts from. Each child's figure is its maximum RSS as the kernel counts it (getrusage,
 * what `time -v` prints), reported on exit by a one-line preload; generating the fixtures
 * happens in this process and counts against none of them.
 *
 * With BENCH_DATABASE_URL set, the same runs on PostgreSQL too, in a database of its own
 * that is dropped afterwards (the role needs CREATEDB); there the figure is civic's alone.
 *
 *   npx tsx --tsconfig tsconfig.json scripts/bench/discover-memory.bench.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../../core/db/database.js';
import { BENCH_CITY_KEY, createFixtureCorpus } from './fixture-corpus.js';

const VIDEOS = 2_000;
const CONCURRENCY = 8;
const TARGET_MB = 300;
const CIVIC_BIN = fileURLToPath(new URL('../../bin/civic.js', import.meta.url));
const INGEST = ['ingest', '--city', BENCH_CITY_KEY, '--stages', 'discover,transcript', '--concurrency', String(CONCURRENCY), '--json'];
// getrusage's maxrss (kilobytes on Linux) and CPU time (microseconds) to fd 3 as the process exits.
const REPORT_USAGE = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); writeSync(3, u.maxRSS + ' ' + (u.userCPUTime + u.systemCPUTime)); });",
)}`;

interface Measured {
  maxRssMb: number;
  seconds: number;
  cpuSeconds: number;
  stdout: string;
}

const collect = async (stream: Readable) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

/** Runs `civic <args>` as its own process and measures it. */
async function runCivic(args: string[], env: Record<string, string>): Promise<Measured> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', REPORT_USAGE, CIVIC_BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const [stdout, stderr, usage] = await Promise.all(child.stdio.slice(1).map((stream) => collect(stream as Readable)));
  const code = await new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (exitCode) => resolve(exitCode));
  });
  const [maxRssKb, cpuMicros] = (usage ?? '').split(' ').map(Number);
  if (code !== 0 || !maxRssKb || cpuMicros === undefined) {
    throw new Error(`civic ${args.join(' ')} failed (exit code ${code}):\n${stderr!.trim().split('\n').slice(-5).join('\n')}`);
  }
  return { maxRssMb: maxRssKb / 1024, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuMicros / 1e6, stdout: stdout! };
}

interface EngineReport {
  seedMb: number;
  floorMb: number;
  run: Measured;
  transcribed: number;
  failed: number;
}

/** Seed, dry run, then the run itself, on the database `env` points at. */
async function measureEngine(env: Record<string, string>): Promise<EngineReport> {
  const seed = await runCivic(['db', 'seed', '--json'], env);
  const floor = await runCivic([...INGEST, '--dry-run'], env);
  const run = await runCivic(INGEST, env);
  const summary = JSON.parse(run.stdout) as { stages: { transcript?: { done: number } }; failures: unknown[] };
  return { seedMb: seed.maxRssMb, floorMb: floor.maxRssMb, run, transcribed: summary.stages.transcript?.done ?? 0, failed: summary.failures.length };
}

function print(label: string, report: EngineReport): boolean {
  console.log(`-- ${label}`);
  const { run } = report;
  console.log(`transcribed ${report.transcribed}, failed ${report.failed}, in ${run.seconds.toFixed(1)} s (civic's CPU time ${run.cpuSeconds.toFixed(1)} s)`);
  console.log(`civic db seed (creates the database):           max RSS ${report.seedMb.toFixed(0)} MB`);
  console.log(`civic ingest --dry-run (start-up, open, plan):  max RSS ${report.floorMb.toFixed(0)} MB`);
  console.log(`civic ingest (discover + transcript):           max RSS ${run.maxRssMb.toFixed(0)} MB`);
  const ok = report.failed === 0 && report.transcribed === VIDEOS;
  if (!ok) console.error(`expected ${VIDEOS} transcripts, got ${report.transcribed} (${report.failed} failures)`);
  return ok;
}

/** A database of its own on the server for `work`, dropped afterwards. */
async function withPostgresDatabase<T>(url: string, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `memory_bench_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
  try {
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      return await work(target.toString());
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    }
  } finally {
    await admin.close();
  }
}

async function main(): Promise<void> {
  const corpus = await createFixtureCorpus(VIDEOS);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'town-crier-bench-db-'));
  const env = { DATA_DIR: dataDir, FIXTURES_DIR: corpus.dir };
  let complete: boolean;
  try {
    console.log(`videos ${VIDEOS}, stages discover + transcript, concurrency ${CONCURRENCY}, the civic command as cron runs it`);
    const pglite = await measureEngine(env);
    complete = print('embedded PGlite', pglite);
    const peakMb = pglite.run.maxRssMb;
    console.log(`peak RSS ${peakMb.toFixed(0)} MB (target < ${TARGET_MB} MB): ${peakMb < TARGET_MB ? 'target met' : 'target missed'}`);
    const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
    if (databaseUrl) {
      const postgres = await withPostgresDatabase(databaseUrl, (url) => measureEngine({ ...env, DATABASE_URL: url }));
      complete = print("PostgreSQL (the server's memory not counted)", postgres) && complete;
    } else {
      console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user@host:5432/db to measure it too)');
    }
  } finally {
    await Promise.all([corpus.remove(), fs.rm(dataDir, { recursive: true, force: true })]);
  }
  if (!complete) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
