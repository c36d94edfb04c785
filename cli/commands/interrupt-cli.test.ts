import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../core/db/database.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../core/testing/fake-openai.js';
import { EXIT_INTERRUPTED_SIGINT, EXIT_INTERRUPTED_SIGTERM } from '../exit-codes.js';
import { CIVIC_BIN, runCivic, type CivicResult } from '../testing/run-civic.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Where a spawned `civic` keeps its data: an embedded database in a folder, or a PostgreSQL database of its own. */
interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function embeddedPlace(): Promise<Place> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-interrupt-'));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
}

async function postgresPlace(serverUrl: string): Promise<Place> {
  const name = `civic_interrupt_${randomBytes(5).toString('hex')}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-interrupt-pg-'));
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir: '', poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 }),
    drop: async () => {
      const cleanup = await openDatabase({ databaseUrl: serverUrl, dataDir: '', poolSize: 1 });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup.db);
      await cleanup.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const ENGINES: Array<[string, () => Promise<Place>]> = [
  ['the embedded database', embeddedPlace],
  ...(TEST_DATABASE_URL ? [['PostgreSQL', () => postgresPlace(TEST_DATABASE_URL)] as [string, () => Promise<Place>]] : []),
];

/**
 * Spawns the real `civic` and sends it `signals` once the slow fake model holds `inFlight`
 * requests: the signals arrive while model work is in flight, whatever the machine's speed.
 */
function runUntilSignalled(args: string[], env: Record<string, string>, model: FakeOpenAi, inFlight: number, signals: NodeJS.Signals[]): Promise<CivicResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CIVIC_BIN, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    void (async () => {
      while (model.requests.length < inFlight && child.exitCode === null) await delay(20);
      for (const signal of signals) {
        child.kill(signal);
        // The second signal must find the first one handled, as a person's second Ctrl-C would.
        while (signals.length > 1 && !stderr.includes(`civic: ${signal}:`) && child.exitCode === null) await delay(20);
      }
    })();
  });
}

interface Summary {
  interrupted: boolean;
  stages: Record<string, { total: number; done: number; skipped: number; failed: number; notDone: number }>;
  notDone: number;
  failures: unknown[];
  runId: string;
}

describe.each(ENGINES)('civic ingest stopped by a signal, on %s (child process)', (_label, makePlace) => {
  let model: FakeOpenAi;
  let place: Place;
  let env: Record<string, string>;
  beforeAll(async () => {
    // Slow enough that the in-flight requests are still there when the signals come.
    model = await startFakeOpenAi({ latencyMs: 1_500 });
    place = await makePlace();
    expect((await runCivic(['db', 'seed'], place.env)).code).toBe(0);
    // Transcripts with the offline pipeline first: the runs below only do model work.
    expect((await runCivic(['ingest', '--city', 'fairview-ca', '--stages', 'discover,transcript', '--json'], place.env)).code).toBe(0);
    env = { ...place.env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url, CIVIC_MODEL: 'gpt-4o-mini' };
  }, 180_000);
  afterAll(async () => {
    await model.close();
    await place.drop();
  });

  async function stagesAndRuns() {
    const database = await place.open();
    try {
      const stages = await database.db.selectFrom('video_stages').select(['stage', 'status', 'attempts', 'last_error']).where('stage', 'in', ['analysis', 'story', 'verify']).execute();
      const runs = await database.db.selectFrom('pipeline_runs').select(['id', 'status', 'finished_at']).orderBy('started_at', 'desc').execute();
      return { stages, lastRun: runs[0] };
    } finally {
      await database.close();
    }
  }

  it('SIGINT: lets the model calls in flight finish, starts nothing new, prints the summary and exits 130', async () => {
    model.reset();
    const result = await runUntilSignalled(['ingest', '--city', 'fairview-ca', '--stages', 'analysis,story', '--concurrency', '2', '--json'], env, model, 2, ['SIGINT']);

    expect(result.code).toBe(EXIT_INTERRUPTED_SIGINT);
    expect(result.stderr).toContain('civic: SIGINT: finishing the work in flight, starting nothing new (Ctrl-C again to stop at once)');
    const summary = JSON.parse(result.stdout) as Summary;
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(summary).toMatchObject({ interrupted: true, failures: [] });
    // The two analyses in flight finished; nothing else was started, not even their stories.
    // What it did not start is not done, never "skipped": the run must not look finished (issue 26).
    expect(summary.stages.analysis).toMatchObject({ total: 5, done: 2, skipped: 0, notDone: 3, failed: 0 });
    expect(summary.stages.story).toMatchObject({ done: 0, skipped: 0, notDone: 5, failed: 0 });
    expect(summary.notDone).toBe(8);
    expect(model.requests).toHaveLength(2);

    const { stages, lastRun } = await stagesAndRuns();
    expect(stages.filter((s) => s.status === 'running' || s.status === 'failed')).toEqual([]);
    expect(stages.filter((s) => s.stage === 'analysis' && s.status === 'done')).toHaveLength(2);
    expect(lastRun).toMatchObject({ id: summary.runId, status: 'interrupted', finished_at: expect.any(Date) });
  }, 120_000);

  it('SIGTERM twice: abandons the calls in flight, hands their stages back as not started, prints the summary and exits 143', async () => {
    model.reset();
    // This time the model never answers: only the second signal can end the run.
    model.script({ kind: 'timeout', times: Infinity });
    const result = await runUntilSignalled(['ingest', '--city', 'fairview-ca', '--stages', 'analysis,story', '--concurrency', '2', '--json'], env, model, 2, ['SIGTERM', 'SIGTERM']);

    expect(result.code).toBe(EXIT_INTERRUPTED_SIGTERM);
    expect(result.stderr).toContain('civic: SIGTERM again: stopping now; the work in flight is left for the next run');
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary).toMatchObject({ interrupted: true, failures: [] });
    expect(summary.stages.analysis).toMatchObject({ done: 0, skipped: 2, notDone: 3, failed: 0 });

    const { stages, lastRun } = await stagesAndRuns();
    // Handed back: pending, the abandoned attempt not counted; never failed, never left running.
    expect(stages.filter((s) => s.status === 'running' || s.status === 'failed')).toEqual([]);
    expect(stages.filter((s) => s.stage === 'analysis' && s.status === 'pending')).toEqual([
      expect.objectContaining({ attempts: 0, last_error: null }),
      expect.objectContaining({ attempts: 0, last_error: null }),
    ]);
    expect(lastRun).toMatchObject({ id: summary.runId, status: 'interrupted' });

    // The next run picks up what was left: every analysis and story gets done.
    model.reset();
    const rerun = await runCivic(['ingest', '--city', 'fairview-ca', '--stages', 'analysis,story', '--json'], env);
    expect(rerun.code).toBe(0);
    const after = JSON.parse(rerun.stdout) as Summary;
    expect(after.stages.analysis).toMatchObject({ done: 3, skipped: 2, failed: 0 });
    expect(after.stages.story).toMatchObject({ done: 5, failed: 0 });
  }, 120_000);
});
