import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { connectionAnswers } from '../db/repositories/advisory-locks.js';
import type { DB } from '../db/schema.js';
import { isConnectionLoss } from '../db/sturdy-client.js';
import type { Logger } from '../logger.js';
import type { VideoLocks } from '../pipeline/video-locks.js';
import type { JobQueue } from './job-queue.js';
import { handBackDeadWorkersJobs } from './workers.js';

// How a worker (worker.ts) stays known to be alive, and comes back from a lost connection.

/**
 * Beats every heartbeatMs (and checks the lock session, which an idle connection may have lost
 * unseen), and hands back the jobs of workers that died, so they wait minutes less than expiry.
 */
export function startHeartbeat(
  worker: { db: Kysely<DB>; queue: JobQueue; locks: VideoLocks; logger: Logger; heartbeatMs: number },
  beat: () => Promise<void>,
  checkSession: () => Promise<void>,
  lost: AbortSignal,
): { stop(): Promise<void> } {
  const { db, queue, locks, logger, heartbeatMs } = worker;
  const stopped = new AbortController();
  const loop = (async () => {
    while (!stopped.signal.aborted && !lost.aborted) {
      await delay(heartbeatMs, undefined, { signal: stopped.signal }).catch(() => undefined);
      if (stopped.signal.aborted) break;
      try {
        await beat();
        await checkSession();
        if (lost.aborted) break;
        // A dead worker's record names the jobs it fetched: what it held at its death is found down their chains.
        const reclaimed = await handBackDeadWorkersJobs(db, locks, async (jobs) => queue.handBack(await queue.inHandNow(jobs)));
        if (reclaimed.workers > 0) logger.warn(reclaimed, 'dead workers found: their jobs handed back to the queue');
      } catch {
        await checkSession();
      }
    }
  })();
  return {
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

/**
 * Takes the run's lock; back from a lost connection, a live worker checking whether this one
 * is dead may hold it for an instant, so it asks a few times.
 */
export async function holdRun(locks: VideoLocks, runId: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await locks.holdRun(runId);
    } catch (error) {
      if (attempt >= 20 || isConnectionLoss(error)) throw error;
      await delay(100);
    }
  }
}

/**
 * Whether the database answers again (true), asking after growing pauses (the first one too:
 * a server that just dropped everyone may refuse for a moment), or the worker was stopped first (false).
 */
export async function waitForDatabase(db: Kysely<DB>, stop: AbortSignal): Promise<boolean> {
  for (let pause = 500; !stop.aborted; pause = Math.min(pause * 2, 15_000)) {
    await delay(pause, undefined, { signal: stop }).catch(() => undefined);
    if (stop.aborted) break;
    // Still away: ask again after a longer pause.
    if (await connectionAnswers(db)) return true;
  }
  return false;
}
