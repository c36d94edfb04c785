import type { StageRowStatus } from '../schema.js';
import type { Executor } from './executor.js';

export async function recordSourceSync(
  db: Executor,
  urlId: string,
  result: { status: Exclude<StageRowStatus, 'running' | 'pending'>; error?: string | null; videosFound: number; startedAt: Date },
): Promise<void> {
  const row = {
    url_id: urlId,
    status: result.status,
    attempts: 1,
    last_error: result.error ?? null,
    videos_found: result.videosFound,
    started_at: result.startedAt,
    finished_at: new Date(),
  };
  await db
    .insertInto('source_syncs')
    .values(row)
    .onConflict((oc) =>
      oc.column('url_id').doUpdateSet((eb) => ({
        status: row.status,
        attempts: eb('source_syncs.attempts', '+', 1),
        last_error: row.last_error,
        videos_found: row.videos_found,
        started_at: row.started_at,
        finished_at: row.finished_at,
      })),
    )
    .execute();
}
