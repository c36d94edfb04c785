import type { Kysely } from 'kysely';
import { listRunningWorkers, unregisterWorker } from '../db/repositories/workers.js';
import type { DB, WorkerJob } from '../db/schema.js';
import type { VideoLocks } from '../pipeline/video-locks.js';

/**
 * The registry of `civic worker` processes (table workers, migration 0020). A worker holds
 * its run's lock for as long as its process lives (video-locks.ts: on PostgreSQL a session
 * advisory lock, gone with its connection), and beats every few seconds, naming the jobs it
 * has in hand (and, as it fetches, the jobs fetched; the stages their completions hand it are
 * found down the chains: JobQueue.inHandNow). So a worker is:
 * - live: its lock is held and it beats;
 * - not responding: its lock is held but it has not beaten for three beats (a hung process,
 *   a machine cut off): its jobs are left alone, it may still finish them;
 * - dead: its lock is free (killed, crashed, or it lost its connection and is reconnecting).
 */
export type WorkerState = 'live' | 'not responding' | 'dead';

export interface WorkerInfo {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  startedAt: Date;
  heartbeatAt: Date;
  /** No beat for three beats (by the database's clock, whatever the machines' clocks say). */
  silent: boolean;
  state: WorkerState;
  jobs: WorkerJob[];
}

/** The workers not stopped, oldest first, each with its state. */
export async function listWorkers(db: Kysely<DB>, locks: VideoLocks): Promise<WorkerInfo[]> {
  const rows = await listRunningWorkers(db, SILENT_BEATS);
  const workers: WorkerInfo[] = [];
  for (const row of rows) {
    const state: WorkerState = !(await locks.isRunAlive(row.id)) ? 'dead' : row.silent ? 'not responding' : 'live';
    workers.push({ id: row.id, host: row.host, pid: row.pid, concurrency: row.concurrency, startedAt: row.started_at, heartbeatAt: row.heartbeat_at, silent: row.silent, state, jobs: row.jobs });
  }
  return workers;
}

/** Beats missed before a worker counts as silent. */
export const SILENT_BEATS = 3;

/**
 * A dead worker's jobs stay 'active' in the queue until they expire (15 minutes by default).
 * A worker that is both silent and without its lock is gone for certain: its jobs are handed
 * back now (by `handBack`, which leaves alone a job another worker has taken since), and it is
 * marked stopped. Silent too, not just lockless: a worker reconnecting after a dropped
 * connection is briefly lockless, and hands its own jobs back.
 */
export async function handBackDeadWorkersJobs(
  db: Kysely<DB>,
  locks: VideoLocks,
  handBack: (jobs: readonly WorkerJob[]) => Promise<number>,
): Promise<{ workers: number; jobs: number }> {
  let workers = 0;
  let jobs = 0;
  for (const worker of await listWorkers(db, locks)) {
    if (worker.state !== 'dead' || !worker.silent) continue;
    jobs += await handBack(worker.jobs);
    await unregisterWorker(db, worker.id);
    workers += 1;
  }
  return { workers, jobs };
}
