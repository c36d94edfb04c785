import { sql, type Kysely } from 'kysely';

// Saved searches and alerts (issue 27).
// - city_videos.analysed_at: when a meeting was first analysed (published on the site). Alerts
//   compare it with their own creation: fixture and YouTube meetings carry past upload dates,
//   so published_at cannot say "new since you saved this". A trigger sets it wherever the
//   analysis is written (pipeline, functions, admin), so no writer has to remember; it is set
//   once and kept when a meeting is analysed again. Meetings analysed before this migration get
//   their last update time: older than any alert.
// - saved_searches: a member's query (the search box's syntax) with its parsed tsquery text, the
//   cities it is limited to (none: every public city), how often it mails, and two capability
//   tokens: one to unsubscribe signed out, one for its private Atom feed (regenerated to revoke).
// - saved_search_terms: the inverted index. Every match of a search contains at least one of its
//   terms (core/alerts/required-terms.ts), so a new meeting's words select the candidates.
// - alert_deliveries: one row per (search, meeting), claimed with an insert before any email is
//   sent: the primary key makes a second worker's or a retry's claim a no-op.
// - alert_scans + alert_watermark: which analysed meetings were already matched.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('city_videos').addColumn('analysed_at', 'timestamptz').execute();
  await sql`update city_videos set analysed_at = updated_at where analysis_results is not null`.execute(db);
  await sql`
    create function city_videos_set_analysed_at() returns trigger language plpgsql as $$
    begin
      if new.analysis_results is not null and new.analysed_at is null then
        new.analysed_at := now();
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger city_videos_analysed_at before insert or update of analysis_results on city_videos
    for each row execute function city_videos_set_analysed_at()`.execute(db);
  await db.schema.createIndex('city_videos_analysed_at_idx').on('city_videos').column('analysed_at').where(sql.ref('analysed_at'), 'is not', null).execute();

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('query_tree', 'text', (col) => col.notNull())
    .addColumn('city_ids', sql`uuid[]`, (col) => col.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('frequency', 'text', (col) => col.notNull())
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('unsubscribe_token', 'text', (col) => col.notNull())
    .addColumn('feed_token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_digest_at', 'timestamptz')
    .addCheckConstraint('saved_searches_query_not_blank', sql`btrim(query) <> '' and query_tree <> ''`)
    .addCheckConstraint('saved_searches_frequency_check', sql`frequency in ('immediate', 'daily', 'weekly')`)
    .addUniqueConstraint('saved_searches_unsubscribe_token_key', ['unsubscribe_token'])
    .addUniqueConstraint('saved_searches_feed_token_key', ['feed_token'])
    .execute();
  await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('saved_search_terms')
    .addColumn('lexeme', 'text', (col) => col.notNull())
    .addColumn('saved_search_id', 'uuid', (col) => col.notNull().references('saved_searches.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('saved_search_terms_pkey', ['lexeme', 'saved_search_id'])
    .execute();
  await db.schema.createIndex('saved_search_terms_search_idx').on('saved_search_terms').column('saved_search_id').execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('saved_search_id', 'uuid', (col) => col.notNull().references('saved_searches.id').onDelete('cascade'))
    .addColumn('city_video_id', 'uuid', (col) => col.notNull().references('city_videos.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('matches', 'jsonb', (col) => col.notNull())
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('alert_deliveries_pkey', ['saved_search_id', 'city_video_id'])
    .addCheckConstraint('alert_deliveries_status_check', sql`status in ('sending', 'pending', 'sent', 'capped', 'failed')`)
    .execute();
  await db.schema.createIndex('alert_deliveries_sent_idx').on('alert_deliveries').columns(['saved_search_id', 'sent_at']).execute();

  await db.schema
    .createTable('alert_scans')
    .addColumn('city_video_id', 'uuid', (col) => col.primaryKey().references('city_videos.id').onDelete('cascade'))
    .addColumn('scanned_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('alert_watermark')
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true))
    .addColumn('scanned_through', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('alert_watermark_single_row', sql`id`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_watermark').execute();
  await db.schema.dropTable('alert_scans').execute();
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('saved_search_terms').execute();
  await db.schema.dropTable('saved_searches').execute();
  await sql`drop trigger city_videos_analysed_at on city_videos`.execute(db);
  await sql`drop function city_videos_set_analysed_at()`.execute(db);
  await db.schema.alterTable('city_videos').dropColumn('analysed_at').execute();
}
