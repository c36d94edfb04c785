import type { Executor } from './executor.js';

export async function insertRun(db: Executor, command: string, options: Record<string, unknown>): Promise<string> {
  const row = await db.insertInto('pipeline_runs').values({ command, options: JSON.stringify(options) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  db: Executor,
  id: string,
  status: 'done' | 'failed' | 'interrupted',
  summary: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('pipeline_runs')
    .set({ status, summary: JSON.stringify(summary), finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Runs left 'running' by a process that died: mark them so reports do not show them as live. */
export async function markStaleRunsInterrupted(db: Executor, olderThan: Date): Promise<number> {
  const result = await db
    .updateTable('pipeline_runs')
    .set({ status: 'interrupted', finished_at: new Date() })
    .where('status', '=', 'running')
    .where('started_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
