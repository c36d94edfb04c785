import { sql, type Kysely } from 'kysely';

// The `civic worker` processes (issue 26): each registers at start and beats every few
// seconds, naming the jobs it has in hand, so `civic queue status` can list the live ones and
// tell a dead worker's jobs (still 'active' in pg-boss until they expire) from a live one's,
// and the live workers can hand a dead one's jobs back at once. One row per worker process,
// keyed by its pipeline_runs row (the run its stages and model calls are recorded under).
// jobs: [{ "queue", "id", "started" (ms since 1970: the attempt's started_on) }].

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().references('pipeline_runs.id').onDelete('cascade'))
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('pid', 'integer', (col) => col.notNull())
    .addColumn('concurrency', 'integer', (col) => col.notNull())
    .addColumn('heartbeat_seconds', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('jobs', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint('workers_heartbeat_seconds_check', sql`heartbeat_seconds > 0`)
    .execute();
  // Status and the dead-worker check read the workers not stopped.
  await db.schema.createIndex('workers_running_idx').on('workers').column('started_at').where(sql.ref('stopped_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workers').execute();
}
