import { sql, type Kysely } from 'kysely';

// The newsroom (issue 24).
// - cities.story_review: the city publishes stories only after an editor approves them.
// - city_videos.draft_story: a story waiting for review. Public reads never select it, so a draft
//   cannot leak into a page, feed, search result or link preview: news_story stays what the
//   public sees (the last approved story, or none).
// - story_reviewed_at/by: a person read (approved or edited) the story now published.
// - story_edited_at: a person edited the current text (draft or published); regenerating asks first.
// - story_revisions: every edit, approval and correction, with who, when, what changed and the
//   text saved; the machine's first version is kept when a person first edits it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('story_review', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
  await db.schema
    .alterTable('city_videos')
    .addColumn('draft_story', 'text')
    .addColumn('draft_generated_at', 'timestamptz')
    .addColumn('story_edited_at', 'timestamptz')
    .addColumn('story_reviewed_at', 'timestamptz')
    .addColumn('story_reviewed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // The Admin Panel's "drafts waiting", oldest first.
  await db.schema
    .createIndex('city_videos_drafts_idx')
    .on('city_videos')
    .column('draft_generated_at')
    .where(sql.ref('draft_story'), 'is not', null)
    .execute();

  await db.schema
    .createTable('story_revisions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('city_video_id', 'uuid', (col) => col.notNull().references('city_videos.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Null: the writer (offline analyzer or model), or an account since deleted.
    .addColumn('author_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    // What the revision is of: the published story, the draft, or the meeting's decisions.
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('changed', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('story', 'text')
    .addColumn('decisions', 'jsonb')
    .addColumn('correction_note', 'text')
    .addCheckConstraint('story_revisions_action_check', sql`action in ('generated', 'edited', 'approved', 'corrected')`)
    .addCheckConstraint('story_revisions_target_check', sql`target in ('published', 'draft', 'decisions')`)
    .addCheckConstraint('story_revisions_note_not_blank', sql`correction_note is null or btrim(correction_note) <> ''`)
    .execute();
  await db.schema.createIndex('story_revisions_video_idx').on('story_revisions').columns(['city_video_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('story_revisions').execute();
  await db.schema.dropIndex('city_videos_drafts_idx').execute();
  await db.schema
    .alterTable('city_videos')
    .dropColumn('draft_story')
    .dropColumn('draft_generated_at')
    .dropColumn('story_edited_at')
    .dropColumn('story_reviewed_at')
    .dropColumn('story_reviewed_by')
    .execute();
  await db.schema.alterTable('cities').dropColumn('story_review').execute();
}
