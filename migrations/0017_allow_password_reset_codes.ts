import { sql, type Kysely } from 'kysely';

// Password reset links are one more kind of auth_codes row (purpose 'reset'): stored hashed,
// used once, and deleted with the other spent codes by the hourly clean-up.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_codes').dropConstraint('auth_codes_purpose_check').execute();
  await db.schema
    .alterTable('auth_codes')
    .addCheckConstraint('auth_codes_purpose_check', sql`purpose in ('login', 'signup', 'confirm', 'reset')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The old constraint cannot hold while reset rows exist; an open reset link dies with them.
  await sql`delete from auth_codes where purpose = 'reset'`.execute(db);
  await db.schema.alterTable('auth_codes').dropConstraint('auth_codes_purpose_check').execute();
  await db.schema
    .alterTable('auth_codes')
    .addCheckConstraint('auth_codes_purpose_check', sql`purpose in ('login', 'signup', 'confirm')`)
    .execute();
}
