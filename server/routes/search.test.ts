import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMeeting, daysAgo } from '../../core/testing/search-meetings.js';
import { buildCity } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

interface Body {
  results: { video_id: string; city: { location_key: string } | null; hits: { start_ms: number; text: string; highlighted: string }[] }[];
  count: number;
  has_more: boolean;
}

describe.each(TEST_ENGINES)('GET /api/search on %s', (engine) => {
  let t: TestApp;
  let visitor: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine);
    visitor = await t.signedOutAgent();
    const fairview = await buildCity(t.db, { name: 'Fairview', state: 'CA', location_key: 'fairview-ca' });
    const riverton = await buildCity(t.db, { name: 'Riverton', state: 'OR', location_key: 'riverton-or' });
    await addMeeting(t.db, fairview.id, {
      video_id: 'fvZoning001',
      title: 'Planning Commission',
      published_at: daysAgo(3),
      says: [[65, 'The parcel was zoned for <script>alert(1)</script> housing.'], [90, 'Public comment is closed.']],
    });
    await addMeeting(t.db, riverton.id, { video_id: 'rvZoning001', title: 'Zoning board', published_at: daysAgo(9) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds transcript moments and title matches, newest first, with city and escaped highlights', async () => {
    const body = (await visitor.get('/api/search?q=zoning').expect(200)).body as Body;
    expect(body).toMatchObject({ count: 2, has_more: false });
    expect(body.results.map((r) => [r.video_id, r.city?.location_key])).toEqual([
      ['fvZoning001', 'fairview-ca'],
      ['rvZoning001', 'riverton-or'],
    ]);
    expect(body.results[0]?.hits).toEqual([
      {
        start_ms: 65_000,
        text: 'The parcel was zoned for <script>alert(1)</script> housing.',
        highlighted: 'The parcel was <mark>zoned</mark> for &lt;script&gt;alert(1)&lt;/script&gt; housing.',
      },
    ]);
    expect(body.results[1]?.hits).toEqual([]);
  });

  it('scopes to a city, limits, sorts by relevance and ignores an empty query', async () => {
    const scoped = (await visitor.get('/api/search?q=zoning&city=riverton-or').expect(200)).body as Body;
    expect(scoped.results.map((r) => r.video_id)).toEqual(['rvZoning001']);
    const limited = (await visitor.get('/api/search?q=zoning&limit=1').expect(200)).body as Body;
    expect(limited).toMatchObject({ count: 1, has_more: true });
    const ranked = (await visitor.get('/api/search?q=zoning&sort=relevance').expect(200)).body as Body;
    expect(ranked.count).toBe(2);
    expect((await visitor.get('/api/search?q=%20%20').expect(200)).body).toEqual({ results: [], count: 0, has_more: false });
  });

  it('answers bad input with 400 and the reason, an unknown city with 404', async () => {
    const long = await visitor.get(`/api/search?q=${'a'.repeat(10_000)}`).expect(400);
    expect((long.body as { error: { message: string } }).error.message).toMatch(/at most 500 characters/);
    await visitor.get('/api/search?q=zoning&limit=51').expect(400);
    await visitor.get('/api/search?q=zoning&limit=abc').expect(400);
    await visitor.get('/api/search?q=zoning&sort=popular').expect(400);
    await visitor.get('/api/search?q=zoning&page=2').expect(400);
    await visitor.get('/api/search?q=a&q=b').expect(400);
    await visitor.get('/api/search?q=zoning&city=nowhere-zz').expect(404);
  });

  it('treats SQL-looking input as text', async () => {
    const body = (await visitor.get(`/api/search?q=${encodeURIComponent("'; drop table city_videos; --")}`).expect(200)).body as Body;
    expect(body.count).toBe(0);
    expect(await t.db.selectFrom('city_videos').select('id').execute()).toHaveLength(2);
  });
});
