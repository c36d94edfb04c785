import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { buildCity, buildCityUrl } from '../../core/testing/builders.js';
import { startFakeYoutube, type FakeYoutube } from '../../core/testing/fake-youtube.js';
import { realFixtures } from '../../core/testing/real-fixtures.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const KEY_REJECTED = 'YouTube rejected the API key (YOUTUBE_API_KEY): API key not valid. Please pass a valid API key.';

// Issue 26: a rejected key answered 500 "Something went wrong"; what to fix was only in the log.
describe.skipIf(!realFixtures()).each(TEST_ENGINES)("the admin's Refresh videos with a key YouTube rejects, on %s", (engine) => {
  let fake: FakeYoutube;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeYoutube({ apiKey: 'the-right-key' });
    t = await createTestApp(engine, { ports: { videoSource: createVideoSource({ apiKey: 'a-revoked-key', apiBaseUrl: `${fake.url}/` }) } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 502 with what to fix, and records the failed refresh with it', async () => {
    const city = await buildCity(t.db, { status: 'Live' });
    const url = 'https://www.youtube.com/@FairviewCouncil';
    const source = await buildCityUrl(t.db, city.id, { url });
    const admin = await t.adminAgent();

    const refresh = await admin.post('/api/functions/fetchYoutubeVideos').send({ url, cityId: city.id });
    expect(refresh.status).toBe(502);
    expect(refresh.body).toEqual({ error: { code: 'UPSTREAM', message: KEY_REJECTED } });
    expect(refresh.text).not.toContain('a-revoked-key');

    const sync = await t.db.selectFrom('source_syncs').select(['status', 'last_error']).where('url_id', '=', source.id).executeTakeFirstOrThrow();
    expect(sync).toEqual({ status: 'failed', last_error: KEY_REJECTED });
  });
});
