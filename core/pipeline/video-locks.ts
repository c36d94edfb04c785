import type { Kysely } from 'kysely';
import type { Engine } from '../db/database.js';
import { inProcessLockSession, lockSessionsOf, type KeyLockSession } from '../db/key-locks.js';
import { connectionAnswers, releaseAdvisoryLock, releaseAllAdvisoryLocks, tryAdvisoryLock } from '../db/repositories/advisory-locks.js';
import type { DB } from '../db/schema.js';

/**
 * Keeps two workers (a slow `civic batch`, the next cron tick, a visitor's analyze) off the
 * same video, and tells a live run from one whose process died. On PostgreSQL these are
 * session advisory locks on one connection held for the work: if the process dies, the
 * server drops its connection and the locks with it, so nothing is ever blocked by a crashed
 * process. Embedded PGlite has one session for every process sharing it, so there the process
 * holding the database keeps the locks for all of them (core/db/key-locks.ts).
 */
export interface VideoLocks {
  tryLock(cityVideoId: string): Promise<boolean>;
  unlock(cityVideoId: string): Promise<void>;
  /** Marks a run as alive for as long as these locks are held. */
  holdRun(runId: string): Promise<void>;
  /** Whether some process still works on a run (false once its process has died). */
  isRunAlive(runId: string): Promise<boolean>;
  /**
   * Whether this session still holds what it took: false once its PostgreSQL connection has
   * dropped (a restart, pg_terminate_backend, a proxy's idle kill), which lets go of every lock.
   */
  sessionAlive(): Promise<boolean>;
}

const videoKey = (id: string) => `civic:video:${id}`;
const runKey = (id: string) => `civic:run:${id}`;

type KeyLocks = Omit<KeyLockSession, 'end'> & { alive?: () => Promise<boolean> };

export async function withVideoLocks<T>(db: Kysely<DB>, engine: Engine, work: (locks: VideoLocks) => Promise<T>): Promise<T> {
  const shared = lockSessionsOf(db);
  if (shared || engine === 'pglite') {
    const keys = shared ? await shared() : inProcessLockSession();
    try {
      return await work(videoLocksOver(keys));
    } finally {
      await keys.end();
    }
  }
  return db.connection().execute(async (connection) => {
    const held = new Set<string>();
    const alive = () => connectionAnswers(connection);
    const keys: KeyLocks = {
      async tryLock(key) {
        if (held.has(key)) return false;
        const locked = await tryAdvisoryLock(connection, key);
        if (locked) held.add(key);
        return locked;
      },
      async unlock(key) {
        if (!held.delete(key)) return;
        await releaseAdvisoryLock(connection, key);
      },
      holds: (key) => held.has(key),
      alive,
    };
    try {
      return await work(videoLocksOver(keys));
    } finally {
      // A dropped connection took its locks with it: nothing to let go of, and nothing to report.
      if (held.size > 0) await releaseAllAdvisoryLocks(connection).catch(async (error: unknown) => {
        if (await alive()) throw error;
      });
    }
  });
}

function videoLocksOver(keys: KeyLocks): VideoLocks {
  return {
    tryLock: (id) => keys.tryLock(videoKey(id)),
    unlock: (id) => keys.unlock(videoKey(id)),
    async holdRun(id) {
      if (!(await keys.tryLock(runKey(id)))) throw new Error(`Run ${id} is already held`);
    },
    async isRunAlive(id) {
      if (keys.holds(runKey(id))) return true;
      // Taking the run's lock succeeds only when no live session holds it.
      if (!(await keys.tryLock(runKey(id)))) return true;
      await keys.unlock(runKey(id));
      return false;
    },
    sessionAlive: () => keys.alive?.() ?? Promise.resolve(true),
  };
}
