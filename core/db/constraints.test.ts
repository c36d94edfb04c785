import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCity, buildCityUrl, buildVideo } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import type { Database } from './database.js';
import { deleteUrl } from './repositories/city-urls.js';

/** The constraints that keep data whole hold on both engines. */
describe.each(TEST_ENGINES)('constraints on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  it('rejects a second copy of the same video for the same city, but allows it in another city', async () => {
    const { db } = database;
    const fairview = await buildCity(db);
    const riverton = await buildCity(db);
    await buildVideo(db, fairview.id, { video_id: 'fvCC2026a01' });
    await expect(buildVideo(db, fairview.id, { video_id: 'fvCC2026a01' })).rejects.toThrow(/city_videos_city_id_video_id_key/);
    await expect(buildVideo(db, riverton.id, { video_id: 'fvCC2026a01' })).resolves.toMatchObject({ video_id: 'fvCC2026a01' });
  });

  it('rejects an unknown listing tier, city status, source type, content type and contact topic', async () => {
    const { db } = database;
    await expect(db.insertInto('business_listings').values({ name: 'X', listing_tier: 'Tier 4' }).execute()).rejects.toThrow(
      /business_listings_tier_check/,
    );
    await expect(buildCity(db, { status: 'Draft' })).rejects.toThrow(/cities_status_check/);
    const city = await buildCity(db);
    await expect(buildCityUrl(db, city.id, { source_type: 'federal' })).rejects.toThrow(/city_urls_source_type_check/);
    await expect(buildCityUrl(db, city.id, { content_type: 'podcast' })).rejects.toThrow(/city_urls_content_type_check/);
    await expect(
      db.insertInto('contact_submissions').values({ email: 'a@b.example', topic: 'Complaint', message: 'hi' }).execute(),
    ).rejects.toThrow(/contact_submissions_topic_check/);
  });

  it('rejects duplicate business keys and location keys', async () => {
    const { db } = database;
    await db.insertInto('business_listings').values({ name: 'A', business_key: 'corner-cafe' }).execute();
    await expect(db.insertInto('business_listings').values({ name: 'B', business_key: 'corner-cafe' }).execute()).rejects.toThrow(
      /business_listings_business_key_key/,
    );
    await buildCity(db, { location_key: 'fairview-ca' });
    await expect(buildCity(db, { location_key: 'fairview-ca' })).rejects.toThrow(/cities_location_key_key/);
  });

  it('removes the link rows of a deleted city URL and keeps its videos, unlinked', async () => {
    const { db } = database;
    const city = await buildCity(db);
    const url = await buildCityUrl(db, city.id);
    const video = await buildVideo(db, city.id, { city_urls_id: url.id });

    expect(await deleteUrl(db, url.id)).toBe(true);

    const links = await db.selectFrom('cities_urls').selectAll().where('url_id', '=', url.id).execute();
    expect(links).toEqual([]);
    const kept = await db.selectFrom('city_videos').select(['id', 'city_urls_id']).where('id', '=', video.id).executeTakeFirst();
    expect(kept).toEqual({ id: video.id, city_urls_id: null });
  });

  it('removes a city’s videos, their segments and pipeline state with the city', async () => {
    const { db } = database;
    const city = await buildCity(db);
    const video = await buildVideo(db, city.id);
    await db.insertInto('transcript_segments').values({ city_video_id: video.id, seq: 0, start_ms: 0, end_ms: 10, speaker: null, text: 'Hello' }).execute();
    await db.insertInto('video_stages').values({ city_video_id: video.id, stage: 'transcript', status: 'done' }).execute();

    await db.deleteFrom('cities').where('id', '=', city.id).execute();

    expect(await db.selectFrom('city_videos').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('transcript_segments').select('seq').execute()).toEqual([]);
    expect(await db.selectFrom('video_stages').select('stage').execute()).toEqual([]);
  });

  it('rejects a segment that ends before it starts and an unknown pipeline stage', async () => {
    const { db } = database;
    const city = await buildCity(db);
    const video = await buildVideo(db, city.id);
    await expect(
      db.insertInto('transcript_segments').values({ city_video_id: video.id, seq: 0, start_ms: 500, end_ms: 100, speaker: null, text: 'x' }).execute(),
    ).rejects.toThrow(/transcript_segments_times_check/);
    await expect(
      db.insertInto('video_stages').values({ city_video_id: video.id, stage: 'publish' as 'story', status: 'done' }).execute(),
    ).rejects.toThrow(/video_stages_stage_check/);
  });

  it('ends a user’s sessions, roles and profile when the account is deleted', async () => {
    const { db } = database;
    const user = await db.insertInto('users').values({ email: 'resident@fairview.example' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('profiles').values({ id: user.id }).execute();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'admin' }).execute();
    await db.insertInto('sessions').values({ sid: 's1', sess: {}, user_id: user.id, expires_at: new Date(Date.now() + 60_000) }).execute();

    await db.deleteFrom('users').where('id', '=', user.id).execute();

    expect(await db.selectFrom('profiles').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('user_roles').select('role').execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('sid').execute()).toEqual([]);
  });
});
