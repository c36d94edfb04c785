import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per `civic ingest` / `civic batch` run: its options, budget and outcome.
  await db.schema
    .createTable('pipeline_runs')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('command', 'text', (col) => col.notNull())
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('running'))
    .addColumn('summary', 'jsonb')
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('pipeline_runs_status_check', sql`status in ('running', 'done', 'failed', 'interrupted')`)
    .execute();

  // Discovery is per source, not per video.
  await db.schema
    .createTable('source_syncs')
    .addColumn('url_id', 'uuid', (col) => col.primaryKey().references('city_urls.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('videos_found', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('source_syncs_status_check', sql`status in ('pending', 'running', 'done', 'failed', 'skipped')`)
    .execute();

  // Per video and stage: where the pipeline stands, so a rerun resumes instead of redoing.
  await db.schema
    .createTable('video_stages')
    .addColumn('city_video_id', 'uuid', (col) => col.notNull().references('city_videos.id').onDelete('cascade'))
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('run_id', 'uuid', (col) => col.references('pipeline_runs.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_stages_pkey', ['city_video_id', 'stage'])
    .addCheckConstraint('video_stages_stage_check', sql`stage in ('transcript', 'analysis', 'story', 'verify')`)
    .addCheckConstraint('video_stages_status_check', sql`status in ('pending', 'running', 'done', 'failed', 'skipped')`)
    .execute();
  await db.schema.createIndex('video_stages_status_idx').on('video_stages').columns(['stage', 'status']).execute();

  await db.schema
    .createTable('llm_calls')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('city_video_id', 'uuid', (col) => col.references('city_videos.id').onDelete('set null'))
    .addColumn('run_id', 'uuid', (col) => col.references('pipeline_runs.id').onDelete('set null'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('tokens_in', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tokens_out', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cost_usd', 'numeric(12, 6)', (col) => col.notNull().defaultTo(0))
    .addColumn('ok', 'boolean', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('llm_calls_tokens_check', sql`tokens_in >= 0 and tokens_out >= 0 and latency_ms >= 0`)
    .execute();
  await db.schema.createIndex('llm_calls_city_video_id_idx').on('llm_calls').column('city_video_id').execute();
  await db.schema.createIndex('llm_calls_run_id_idx').on('llm_calls').column('run_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('llm_calls').execute();
  await db.schema.dropTable('video_stages').execute();
  await db.schema.dropTable('source_syncs').execute();
  await db.schema.dropTable('pipeline_runs').execute();
}
