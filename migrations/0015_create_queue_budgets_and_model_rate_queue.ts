import { sql, type Kysely } from 'kysely';

// State the `civic worker` processes share through the database (issue 17): a run's --max-cost
// budget, spent by every worker that takes one of its jobs, and the model calls of the last
// minute, so the model's rate limits hold for all workers together rather than per process.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('queue_budgets')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('limit_usd', 'numeric(12, 6)', (col) => col.notNull())
    .addColumn('spent_usd', 'numeric(12, 6)', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('queue_budgets_amounts_check', sql`limit_usd >= 0 and spent_usd >= 0`)
    .execute();

  await db.schema
    .createTable('model_rate_usage')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('tokens', 'integer', (col) => col.notNull())
    .addCheckConstraint('model_rate_usage_tokens_check', sql`tokens >= 0`)
    .execute();
  await db.schema.createIndex('model_rate_usage_model_at_idx').on('model_rate_usage').columns(['model', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_rate_usage').execute();
  await db.schema.dropTable('queue_budgets').execute();
}
