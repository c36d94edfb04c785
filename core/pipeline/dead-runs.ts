import type { Kysely } from 'kysely';
import { listRunningRunIds, markStaleRunsInterrupted } from '../db/repositories/pipeline-runs.js';
import type { DB } from '../db/schema.js';
import type { VideoLocks } from './video-locks.js';

/**
 * Runs left 'running' by a process that died (killed, crashed, machine restarted) are marked
 * interrupted, so `civic report` does not show them as live. Each live run holds a lock on its
 * id (runPipeline); a dead one's lock went with its process, so a run whose lock can be taken
 * has nobody working on it. Called where runs start and where the report is built.
 */
export async function markDeadRunsInterrupted(db: Kysely<DB>, locks: VideoLocks): Promise<number> {
  const dead: string[] = [];
  for (const id of await listRunningRunIds(db)) if (!(await locks.isRunAlive(id))) dead.push(id);
  return markStaleRunsInterrupted(db, dead);
}
