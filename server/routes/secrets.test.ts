import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { buildCity, buildCityUrl } from '../../core/testing/builders.js';
import { startFakeYoutube, type FakeYoutube } from '../../core/testing/fake-youtube.js';
import { realFixtures } from '../../core/testing/real-fixtures.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { snapshotTables } from '../testing/resource-fixtures.js';

const SECRET = 'AIzaFAKE-RECOGNISABLE-youtube-key-0043';

describe.skipIf(!realFixtures()).each(TEST_ENGINES)('the admin API after a failed YouTube Data API call on %s', (engine) => {
  let fake: FakeYoutube;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeYoutube({ apiKey: SECRET, dataApiHangsUp: true });
    t = await createTestApp(engine, { ports: { videoSource: createVideoSource({ apiKey: SECRET, apiBaseUrl: `${fake.url}/` }) } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers and stores the failure without the key', async () => {
    const city = await buildCity(t.db, { status: 'Live' });
    const url = 'https://www.youtube.com/@FairviewCouncil';
    const source = await buildCityUrl(t.db, city.id, { url });
    const admin = await t.adminAgent();

    const refresh = await admin.post('/api/functions/fetchYoutubeVideos').send({ url, cityId: city.id });
    const listed = await admin.get(`/api/admin/videos?cityId=${city.id}&urlId=${source.id}`);

    expect(fake.requests.some((line) => line.includes(`key=${SECRET}`))).toBe(true);
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refresh.body)).toContain('key=[redacted]');
    for (const text of [refresh.text, listed.text, await snapshotTables(t.core)]) expect(text).not.toContain(SECRET);
  });
});
