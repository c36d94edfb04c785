import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('city_request')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('city_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('city_request_not_blank', sql`btrim(state) <> '' and btrim(city_name) <> '' and btrim(email) <> ''`)
    .execute();

  await db.schema
    .createTable('contact_submissions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'contact_submissions_topic_check',
      sql`topic in ('General Inquiry', 'Technical Support', 'Business Partnership', 'Media Inquiry', 'Feedback', 'Other')`,
    )
    .addCheckConstraint('contact_submissions_phone_not_blank', sql`phone is null or btrim(phone) <> ''`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_submissions').execute();
  await db.schema.dropTable('city_request').execute();
}
