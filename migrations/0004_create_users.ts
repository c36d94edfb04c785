import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    // Null for accounts made by an email code that never set a password.
    .addColumn('password_hash', 'text')
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_email_lowercase', sql`email = lower(btrim(email)) and email like '%_@_%'`)
    .execute();
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text')
    // Follows a renamed city key; forgets a deleted city rather than blocking the delete.
    .addColumn('home_city_key', 'text', (col) =>
      col.references('cities.location_key').onDelete('set null').onUpdate('cascade'),
    )
    .addColumn('preferences', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .addCheckConstraint('user_roles_role_check', sql`role in ('admin')`)
    .execute();

  // express-session rows; user_id lets an account deletion end its sessions too.
  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (col) => col.primaryKey())
    .addColumn('sess', 'jsonb', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  // One-time codes and confirmation tokens, stored only as hashes.
  await db.schema
    .createTable('auth_codes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('home_city_key', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('auth_codes_purpose_check', sql`purpose in ('login', 'signup', 'confirm')`)
    .addCheckConstraint('auth_codes_attempts_check', sql`attempts >= 0`)
    .execute();
  await db.schema.createIndex('auth_codes_email_purpose_idx').on('auth_codes').columns(['email', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('profiles').execute();
  await db.schema.dropTable('users').execute();
}
