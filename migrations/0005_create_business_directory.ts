import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_categories')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('parent_category', 'text', (col) => col.notNull())
    .addColumn('sub_category', 'text', (col) => col.notNull())
    .addUniqueConstraint('business_categories_parent_sub_key', ['parent_category', 'sub_category'])
    .execute();

  await db.schema
    .createTable('business_listings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('street_address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('telephone', 'text')
    .addColumn('website', 'text')
    .addColumn('email', 'text')
    .addColumn('image_url', 'text')
    // A listing is kept (unplaced) if its city or category goes away.
    .addColumn('city_id', 'uuid', (col) => col.references('cities.id').onDelete('set null'))
    .addColumn('business_category', 'uuid', (col) => col.references('business_categories.id').onDelete('set null'))
    .addColumn('listing_tier', 'text', (col) => col.notNull().defaultTo('Tier 3'))
    .addColumn('business_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('user_email', 'text')
    .addColumn('subscription_status', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addUniqueConstraint('business_listings_business_key_key', ['business_key'])
    .addCheckConstraint('business_listings_tier_check', sql`listing_tier in ('Tier 1', 'Tier 2', 'Tier 3')`)
    .addCheckConstraint('business_listings_name_not_blank', sql`btrim(name) <> ''`)
    .execute();
  await db.schema.createIndex('business_listings_city_id_idx').on('business_listings').column('city_id').execute();
  await sql`create index business_listings_name_idx on business_listings (lower(name) text_pattern_ops)`.execute(db);
  await sql`create index business_listings_name_trgm_idx on business_listings using gin (name gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_listings').execute();
  await db.schema.dropTable('business_categories').execute();
}
