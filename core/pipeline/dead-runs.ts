import type { Kysely } from 'kysely';
import { listRunningRunIds, markStaleRunsInterrupted } from '../db/repositories/pipeline-runs.js';
import { handBackRunningStages, listRunningStageVideoIds } from '../db/repositories/video-stages.js';
import type { DB } from '../db/schema.js';
import type { VideoLocks } from './video-locks.js';

/**
 * Runs left 'running' by a process that died (killed, crashed, machine restarted) are marked
 * interrupted, so `civic report` does not show them as live. Each live run holds a lock on its
 * id (runPipeline); a dead one's lock went with its process, so a run whose lock can be taken
 * has nobody working on it. Called where runs start and where the report is built.
 *
 * The stages such a process left 'running' are handed back (pending, the attempt not
 * counted): whoever works on a video holds its lock for as long as any of its stages runs
 * (a run, a site function), so a 'running' stage of a video whose lock is free was left by
 * the dead. The next run then takes them over, whether it covers those videos or not.
 */
export async function markDeadRunsInterrupted(db: Kysely<DB>, locks: VideoLocks): Promise<number> {
  const dead: string[] = [];
  for (const id of await listRunningRunIds(db)) if (!(await locks.isRunAlive(id))) dead.push(id);
  const runs = await markStaleRunsInterrupted(db, dead);
  await handBackAbandonedStages(db, locks);
  return runs;
}

async function handBackAbandonedStages(db: Kysely<DB>, locks: VideoLocks): Promise<void> {
  for (const videoId of await listRunningStageVideoIds(db)) {
    if (!(await locks.tryLock(videoId))) continue;
    try {
      await handBackRunningStages(db, videoId);
    } finally {
      await locks.unlock(videoId);
    }
  }
}
