import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they import nothing of the app, so the enumerations are
// written out here as they were when the migration was made.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram matching backs the spec's case-insensitive substring searches. Installed in
  // public so that per-test schemas on PostgreSQL share one copy.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);

  await db.schema
    .createTable('cities')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('CA'))
    .addColumn('county', 'text')
    .addColumn('location_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('tag_line', 'text')
    .addColumn('image_url', 'text')
    .addColumn('domain', 'text')
    .addColumn('primary_color', 'text', (col) => col.notNull().defaultTo('#3B82F6'))
    .addColumn('secondary_color', 'text', (col) => col.notNull().defaultTo('#1E40AF'))
    .addColumn('icon', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('New'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cities_location_key_key', ['location_key'])
    .addCheckConstraint('cities_status_check', sql`status in ('New', 'Test', 'Live', 'Archive')`)
    .addCheckConstraint('cities_location_key_format', sql`location_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)
    .addCheckConstraint('cities_colors_check', sql`primary_color ~ '^#[0-9A-Fa-f]{6}$' and secondary_color ~ '^#[0-9A-Fa-f]{6}$'`)
    .execute();
  await db.schema.createIndex('cities_name_idx').on('cities').column('name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cities').execute();
}
