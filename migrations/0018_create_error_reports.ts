import { sql, type Kysely } from 'kysely';

// Residents saying something in a story is wrong (issue 24). story_generated_at names the
// revision of the story they read, so an editor can tell whether a later run already fixed it.
// A report goes with its video; resolved_by stays when the admin's account goes (set null).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('city_video_id', 'uuid', (col) => col.notNull().references('city_videos.id').onDelete('cascade'))
    .addColumn('story_generated_at', 'timestamptz')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('moment_ms', 'integer')
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('error_reports_message_not_blank', sql`btrim(message) <> ''`)
    .addCheckConstraint('error_reports_moment_ms_check', sql`moment_ms is null or moment_ms >= 0`)
    .addCheckConstraint('error_reports_email_not_blank', sql`email is null or btrim(email) <> ''`)
    .execute();
  // The inbox: open reports, oldest first.
  await db.schema.createIndex('error_reports_open_idx').on('error_reports').columns(['resolved_at', 'created_at']).execute();
  await db.schema.createIndex('error_reports_city_video_id_idx').on('error_reports').column('city_video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('error_reports').execute();
}
