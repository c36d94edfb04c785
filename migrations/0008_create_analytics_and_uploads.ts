import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // First-party analytics only. No IP address, user agent or user id is stored (privacy page),
  // and rows older than 30 days are deleted by `civic batch`.
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('properties', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('path', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('analytics_events_name_format', sql`name ~ '^[a-z][a-z0-9_]{0,63}$'`)
    .execute();
  await db.schema.createIndex('analytics_events_created_at_idx').on('analytics_events').column('created_at').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('object_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text')
    .addColumn('uploaded_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('business_id', 'uuid', (col) => col.references('business_listings.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('uploads_bucket_object_key_key', ['bucket', 'object_key'])
    .addCheckConstraint('uploads_size_check', sql`size_bytes > 0 and size_bytes <= 10485760`)
    .addCheckConstraint('uploads_content_type_check', sql`content_type like 'image/%'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('analytics_events').execute();
}
