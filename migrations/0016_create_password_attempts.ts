import { sql, type Kysely } from 'kysely';

// Password sign-in attempts per email address from clients without a device cookie (red team
// finding 5: the per-client limit alone let many addresses guess at one account). One row per
// address, counted alike whether or not it has an account. A window lasts until 15 minutes
// pass without an attempt; past a few failures the attempts are spaced by next_attempt_at,
// which each one moves on under a row lock. notified_at: the owner was mailed in this window.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_attempts')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('notified_at', 'timestamptz')
    .addPrimaryKeyConstraint('password_attempts_pkey', ['email'])
    .addCheckConstraint('password_attempts_failures_check', sql`failures >= 0`)
    .execute();
  // For the hourly deletion of windows long over.
  await db.schema.createIndex('password_attempts_last_attempt_at_idx').on('password_attempts').column('last_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_attempts').execute();
}
