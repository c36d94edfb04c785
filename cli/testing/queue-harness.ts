import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { CIVIC_BIN, runCivic, type CivicResult } from './run-civic.js';

/**
 * For tests of `civic worker` processes: a throwaway PostgreSQL database (workers are separate
 * processes, so a schema on the test's own connection would not do), civic run against it, and
 * worker processes to start, stop and kill.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface ScratchDatabase {
  url: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `civic_queue_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // Dropping the database ends its connections: an idle one's error is expected then.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    query: async (text, values) => (await pool.query(text, values)).rows,
    drop: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

export function startWorker(env: Record<string, string>, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [CIVIC_BIN, 'worker', ...args], {
    cwd: path.dirname(CIVIC_BIN),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Stops with SIGTERM and waits; a worker still there after 30 s is killed (and the test fails on its exit code). */
export async function stopWorker(worker: WorkerProcess): Promise<number | null> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return worker.child.exitCode;
  worker.child.kill('SIGTERM');
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), 30_000);
  const code = await worker.exited;
  clearTimeout(timer);
  return code;
}

/** Polls `check` until it returns true; fails with `what` after `timeoutMs` (a liveness guard, not a timed assertion). */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await delay(200);
  }
}

export function civic(args: string[], env: Record<string, string>): Promise<CivicResult> {
  return runCivic(args, env);
}

export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-queue-test-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Jobs per queue and key, waiting or done (pg-boss moves finished ones to its archive). */
export async function jobsPerKey(database: ScratchDatabase): Promise<{ name: string; key: string; count: number }[]> {
  const rows = await database.query<{ name: string; key: string; count: string }>(
    `select name, singleton_key as key, count(*) as count
       from (select name, singleton_key from pgboss.job union all select name, singleton_key from pgboss.archive) jobs
      where name like 'civic-%' group by 1, 2`,
  );
  return rows.map((row) => ({ name: row.name, key: row.key, count: Number(row.count) }));
}

/** Whether no job of the pipeline is waiting, retrying or running. */
export async function queueSettled(database: ScratchDatabase): Promise<boolean> {
  const rows = await database.query<{ open: string }>(`select count(*) as open from pgboss.job where name like 'civic-%' and state in ('created', 'retry', 'active')`);
  return Number(rows[0]?.open ?? 0) === 0;
}
