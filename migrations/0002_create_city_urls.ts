import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('city_urls')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text')
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text')
    .addColumn('source_type', 'text')
    .addColumn('entity_type', 'text', (col) => col.notNull().defaultTo('Unknown'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('city_urls_content_type_check', sql`content_type in ('site', 'video', 'text', 'file', 'other')`)
    .addCheckConstraint(
      'city_urls_source_type_check',
      sql`source_type in ('city', 'county', 'school_district', 'school', 'state', 'other')`,
    )
    .addCheckConstraint('city_urls_url_not_blank', sql`btrim(url) <> ''`)
    .execute();

  // The spec links URLs to cities through a join table; a URL's links go with it.
  await db.schema
    .createTable('cities_urls')
    .addColumn('city_id', 'uuid', (col) => col.notNull().references('cities.id').onDelete('cascade'))
    .addColumn('url_id', 'uuid', (col) => col.notNull().references('city_urls.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cities_urls_pkey', ['city_id', 'url_id'])
    .execute();
  await db.schema.createIndex('cities_urls_url_id_idx').on('cities_urls').column('url_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cities_urls').execute();
  await db.schema.dropTable('city_urls').execute();
}
