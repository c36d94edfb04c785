import { sql } from 'kysely';
import type { Executor } from './executor.js';

/** The id may be chosen by the caller, so it can mark the run alive before the row is visible. */
export async function insertRun(db: Executor, command: string, options: Record<string, unknown>, id?: string): Promise<string> {
  const row = await db
    .insertInto('pipeline_runs')
    .values({ ...(id ? { id } : {}), command, options: JSON.stringify(options) })
    .returning('id')
    .executeTakeFirstOrThrow();
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

export async function listRunningRunIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('pipeline_runs').select('id').where('status', '=', 'running').execute();
  return rows.map((row) => row.id);
}

/** Runs left 'running' by a process that died: mark them so reports do not show them as live. */
export async function markStaleRunsInterrupted(db: Executor, runIds: readonly string[]): Promise<number> {
  if (runIds.length === 0) return 0;
  const result = await db
    .updateTable('pipeline_runs')
    .set({ status: 'interrupted', finished_at: new Date() })
    .where('status', '=', 'running')
    .where('id', 'in', runIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface RunRow {
  id: string;
  command: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
}

/** The newest run, or the newest that worked on a city (runs record their cities' keys in options). */
export function findLastRun(db: Executor, filter: { cityKey?: string } = {}): Promise<RunRow | undefined> {
  let query = db
    .selectFrom('pipeline_runs')
    .select(['id', 'command', 'status', 'started_at', 'finished_at'])
    .orderBy('started_at', 'desc')
    .limit(1);
  if (filter.cityKey) query = query.where(sql<boolean>`options -> 'cities' @> ${JSON.stringify([filter.cityKey])}::jsonb`);
  return query.executeTakeFirst();
}

/** A run back at work after its process lost and regained the database (another may have marked it interrupted meanwhile). */
export async function reopenRun(db: Executor, id: string): Promise<void> {
  await db.updateTable('pipeline_runs').set({ status: 'running', finished_at: null }).where('id', '=', id).execute();
}

/** Names a city among a run's (a worker's run learns them job by job), so the city's report finds the run. */
export async function addRunCity(db: Executor, id: string, cityKey: string): Promise<void> {
  await db
    .updateTable('pipeline_runs')
    .set({ options: sql`jsonb_set(options, '{cities}', coalesce(options -> 'cities', '[]'::jsonb) || to_jsonb(${cityKey}::text))` })
    .where('id', '=', id)
    .where(sql<boolean>`not coalesce(options -> 'cities', '[]'::jsonb) @> ${JSON.stringify([cityKey])}::jsonb`)
    .execute();
}
