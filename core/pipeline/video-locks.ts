import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * Keeps two overlapping runs (say a slow `civic batch` and the next cron tick) off the same
 * video. On PostgreSQL these are session advisory locks on one connection held for the run:
 * if the process dies, the server drops its connection and the locks with it, so a rerun is
 * never blocked by a crashed run. Embedded PGlite is opened by one process at a time, so an
 * in-process set is enough there.
 */
export interface VideoLocks {
  tryLock(cityVideoId: string): Promise<boolean>;
  unlock(cityVideoId: string): Promise<void>;
}

const LOCK_NAMESPACE = 'civic:video:';

export async function withVideoLocks<T>(db: Kysely<DB>, engine: Engine, work: (locks: VideoLocks) => Promise<T>): Promise<T> {
  if (engine === 'pglite') return work(inProcessLocks());
  return db.connection().execute(async (connection) => {
    const held = new Set<string>();
    const locks: VideoLocks = {
      async tryLock(id) {
        if (held.has(id)) return false;
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_lock(hashtextextended(${LOCK_NAMESPACE + id}, 0)) as locked`.execute(connection);
        if (rows[0]?.locked) held.add(id);
        return rows[0]?.locked === true;
      },
      async unlock(id) {
        if (!held.delete(id)) return;
        await sql`select pg_advisory_unlock(hashtextextended(${LOCK_NAMESPACE + id}, 0))`.execute(connection);
      },
    };
    try {
      return await work(locks);
    } finally {
      if (held.size > 0) await sql`select pg_advisory_unlock_all()`.execute(connection);
    }
  });
}

const processWide = new Set<string>();

function inProcessLocks(): VideoLocks {
  return {
    async tryLock(id) {
      if (processWide.has(id)) return false;
      processWide.add(id);
      return true;
    },
    async unlock(id) {
      processWide.delete(id);
    },
  };
}
