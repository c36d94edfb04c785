import type { Kysely } from 'kysely';

// Set when a person edits a video's title or description: re-discovery then keeps their words
// instead of the platform's (it refreshes them only for videos nobody has edited).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('city_videos').addColumn('details_edited_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('city_videos').dropColumn('details_edited_at').execute();
}
