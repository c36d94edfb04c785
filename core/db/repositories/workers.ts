/** The registry of `civic worker` processes (queue/workers.ts tells a worker's state from it). */
import { sql } from 'kysely';
import type { WorkerJob } from '../schema.js';
import type { Executor } from './executor.js';

export interface WorkerRegistration {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  heartbeatSeconds: number;
}

/** Registers (or, after a lost connection, registers again) a worker: beating now, no job in hand. */
export async function registerWorker(db: Executor, worker: WorkerRegistration): Promise<void> {
  await db
    .insertInto('workers')
    .values({ id: worker.id, host: worker.host, pid: worker.pid, concurrency: worker.concurrency, heartbeat_seconds: worker.heartbeatSeconds, jobs: JSON.stringify([]) })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ heartbeat_at: sql`now()`, stopped_at: null, jobs: JSON.stringify([]) }))
    .execute();
}

/**
 * A beat: alive now, with these jobs in hand (written too whenever it takes new ones). Answers
 * the slots of the fleet: the concurrency of every worker not stopped nor silent for
 * `silentBeats` beats, this one's included.
 */
export async function beat(db: Executor, id: string, jobs: readonly WorkerJob[], silentBeats: number): Promise<number> {
  const row = await db
    .updateTable('workers')
    .set({ heartbeat_at: sql`now()`, jobs: JSON.stringify(jobs) })
    .where('id', '=', id)
    .returning(
      sql<number>`(select coalesce(sum(w.concurrency), 0)::int from workers w where w.stopped_at is null and not ${silent('w', silentBeats)})`.as('fleet_slots'),
    )
    .executeTakeFirst();
  return row?.fleet_slots ?? 0;
}

export async function unregisterWorker(db: Executor, id: string): Promise<void> {
  await db.updateTable('workers').set({ stopped_at: sql`now()`, jobs: JSON.stringify([]) }).where('id', '=', id).execute();
}

/** The workers not stopped, oldest first; `silent` when they missed `silentBeats` beats by the database's clock. */
export function listRunningWorkers(db: Executor, silentBeats: number) {
  return db
    .selectFrom('workers')
    .select(['id', 'host', 'pid', 'concurrency', 'started_at', 'heartbeat_at', 'jobs'])
    .select(silent('workers', silentBeats).as('silent'))
    .where('stopped_at', 'is', null)
    .orderBy('started_at')
    .execute();
}

/** Whether the worker row `table` missed `beats` beats, by the database's clock. */
function silent(table: string, beats: number) {
  return sql<boolean>`${sql.ref(`${table}.heartbeat_at`)} < now() - make_interval(secs => ${sql.ref(`${table}.heartbeat_seconds`)} * ${beats})`;
}
