import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('city_videos')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('video_id', 'text', (col) => col.notNull())
    .addColumn('city_id', 'uuid', (col) => col.notNull().references('cities.id').onDelete('cascade'))
    // A video outlives the source row it was found through.
    .addColumn('city_urls_id', 'uuid', (col) => col.references('city_urls.id').onDelete('set null'))
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('transcript', 'text')
    // Set when a person edits the transcript: the pipeline never overwrites it without --force.
    .addColumn('transcript_edited_at', 'timestamptz')
    .addColumn('channel_title', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('thumbnail_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('analysis_results', 'jsonb')
    .addColumn('news_story', 'text')
    .addColumn('story_generated_at', 'timestamptz')
    .addUniqueConstraint('city_videos_city_id_video_id_key', ['city_id', 'video_id'])
    .execute();
  await sql`create index city_videos_city_published_idx on city_videos (city_id, published_at desc nulls last)`.execute(db);
  await db.schema.createIndex('city_videos_city_urls_id_idx').on('city_videos').column('city_urls_id').execute();
  await db.schema.createIndex('city_videos_video_id_idx').on('city_videos').column('video_id').execute();

  // Timed pieces of the transcript: what search and quote verification work on.
  await db.schema
    .createTable('transcript_segments')
    .addColumn('city_video_id', 'uuid', (col) => col.notNull().references('city_videos.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('start_ms', 'integer', (col) => col.notNull())
    .addColumn('end_ms', 'integer', (col) => col.notNull())
    .addColumn('speaker', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('tsv', sql`tsvector`, (col) =>
      col.generatedAlwaysAs(sql`to_tsvector('english'::regconfig, coalesce(speaker, '') || ' ' || text)`).stored(),
    )
    .addPrimaryKeyConstraint('transcript_segments_pkey', ['city_video_id', 'seq'])
    .addCheckConstraint('transcript_segments_times_check', sql`start_ms >= 0 and end_ms >= start_ms`)
    .execute();
  await sql`create index transcript_segments_tsv_idx on transcript_segments using gin (tsv)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcript_segments').execute();
  await db.schema.dropTable('city_videos').execute();
}
