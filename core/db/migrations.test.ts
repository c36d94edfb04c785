import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../package-root.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import type { Database } from './database.js';
import { migrateDownAll, migrateToLatest } from './migrate.js';

const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{4}_[a-z0-9_]+\.ts$/.test(file));

const EXPECTED_TABLES = [
  'alert_deliveries', 'alert_scans', 'alert_watermark', 'analytics_events', 'auth_codes', 'business_categories', 'business_listings', 'cities', 'cities_urls',
  'city_request', 'city_urls', 'city_videos', 'contact_submissions', 'error_reports', 'llm_calls', 'meeting_words', 'model_rate_usage', 'password_attempts', 'pipeline_runs',
  'profiles', 'queue_budgets', 'saved_search_terms', 'saved_searches', 'sessions', 'source_syncs', 'story_revisions', 'transcript_segments', 'uploads', 'user_roles', 'users',
  'video_stages', 'workers',
];

async function tableNames(database: Database): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(database.db);
  return result.rows.map((row) => row.table_name);
}

describe.each(TEST_ENGINES)('migrations on %s', (engine) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  // Three full passes over every migration: about 12 s alone, over 30 s with other test files on both cores.
  it('run up to every table of the spec and design, then all the way down and up again', async () => {
    database = await createTestDatabase(engine, { empty: true });
    expect(await tableNames(database)).toEqual([]);

    const up = await migrateToLatest(database.db);
    expect(up.applied).toHaveLength(MIGRATION_FILES.length);
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
    // An open password reset link: rolling back past 0017 must make room for the old constraint.
    await database.db
      .insertInto('auth_codes')
      .values({ email: 'reset@example.org', purpose: 'reset', code_hash: 'x', expires_at: new Date(Date.now() + 60_000) })
      .execute();

    const down = await migrateDownAll(database.db);
    expect(down.applied).toEqual([...up.applied].reverse());
    expect(await tableNames(database)).toEqual([]);

    await migrateToLatest(database.db);
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
    expect((await migrateToLatest(database.db)).applied).toEqual([]);
  }, 120_000);

  it('gives new rows the defaults of the spec', async () => {
    database = await createTestDatabase(engine);
    const city = await database.db
      .insertInto('cities')
      .values({ name: 'Fairview', location_key: 'fairview-ca', county: 'Alder' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(city).toMatchObject({ state: 'CA', primary_color: '#3B82F6', secondary_color: '#1E40AF', status: 'New' });

    const url = await database.db
      .insertInto('city_urls')
      .values({ url: 'https://www.youtube.com/@fairview' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(url.entity_type).toBe('Unknown');

    const listing = await database.db
      .insertInto('business_listings')
      .values({ name: 'Corner Cafe' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(listing.listing_tier).toBe('Tier 3');
  });

  it('indexes each transcript segment for full-text search with English stemming', async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const city = await db.insertInto('cities').values({ name: 'A', location_key: 'a-ca' }).returning('id').executeTakeFirstOrThrow();
    const video = await db.insertInto('city_videos').values({ city_id: city.id, video_id: 'abcdefghijk' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('transcript_segments')
      .values({ city_video_id: video.id, seq: 0, start_ms: 0, end_ms: 1000, speaker: 'Mayor', text: 'The parcel was zoned for housing.' })
      .execute();
    const hit = await sql<{ seq: number }>`
      select seq from transcript_segments where tsv @@ websearch_to_tsquery('english', 'zoning')`.execute(db);
    expect(hit.rows).toEqual([{ seq: 0 }]);
  });

  it("keeps a video's card flags and summary in step with its transcript, analysis and story", async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const city = await db.insertInto('cities').values({ name: 'A', location_key: 'a-ca' }).returning('id').executeTakeFirstOrThrow();
    const video = await db
      .insertInto('city_videos')
      .values({ city_id: city.id, video_id: 'abcdefghijk', transcript: '  \n ', news_story: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = () =>
      db.selectFrom('city_videos').select(['has_transcript', 'has_analysis', 'has_story', 'analysis_summary']).where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(await card()).toEqual({ has_transcript: false, has_analysis: false, has_story: false, analysis_summary: null });
    await db
      .updateTable('city_videos')
      .set({ transcript: 'Call to order.', news_story: '# Council acts', analysis_results: JSON.stringify({ summary: 'The council met.' }) })
      .where('id', '=', video.id)
      .execute();
    expect(await card()).toEqual({ has_transcript: true, has_analysis: true, has_story: true, analysis_summary: 'The council met.' });
  });

  it('keeps the lowered title and description beside them, for search', async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const city = await db.insertInto('cities').values({ name: 'A', location_key: 'a-ca' }).returning('id').executeTakeFirstOrThrow();
    const video = await db
      .insertInto('city_videos')
      .values({ city_id: city.id, video_id: 'abcdefghijk', title: 'ÉLAN Council MEETING', description: null })
      .returning(['title_lower', 'description_lower'])
      .executeTakeFirstOrThrow();
    expect(video).toEqual({ title_lower: 'élan council meeting', description_lower: null });
  });
});
