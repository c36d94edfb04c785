import { sql, type Kysely } from 'kysely';

// A sign-up's password waits beside its confirmation token and reaches the account only when
// that token is confirmed: a second sign-up for an unconfirmed address (anyone can start one)
// can no longer replace the password the owner's link confirms.
// The expiry index serves the hourly deletion of expired codes and tokens.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_codes').addColumn('password_hash', 'text').execute();
  await db.schema
    .alterTable('auth_codes')
    .addCheckConstraint('auth_codes_password_only_for_confirm', sql`password_hash is null or purpose = 'confirm'`)
    .execute();
  await db.schema.createIndex('auth_codes_expires_at_idx').on('auth_codes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_codes_expires_at_idx').execute();
  await db.schema.alterTable('auth_codes').dropConstraint('auth_codes_password_only_for_confirm').execute();
  await db.schema.alterTable('auth_codes').dropColumn('password_hash').execute();
}
