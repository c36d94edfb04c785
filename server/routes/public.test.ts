import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';

describe.each(TEST_ENGINES)('public resource routes on %s', (engine) => {
  let t: TestApp;
  let visitor: TestAgent;
  let f: ResourceFixtures;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists cities by name with the spec fields only', async () => {
    const res = await visitor.get('/api/cities').expect(200);
    const cities = res.body as { name: string; location_key: string }[];
    expect(cities.map((c) => c.name)).toEqual(['Fairview', 'Riverton']);
    expect(Object.keys(cities[0] ?? {}).sort()).toEqual(
      ['county', 'description', 'domain', 'icon', 'id', 'image_url', 'location_key', 'name', 'primary_color', 'secondary_color', 'state', 'status', 'tag_line'].sort(),
    );
    expect(cities[0]).toMatchObject({ primary_color: '#3B82F6', secondary_color: '#1E40AF' });
  });

  it('reads one city by location key, 404 with the api.md error shape otherwise', async () => {
    const res = await visitor.get(`/api/cities/${f.fairview.location_key}`).expect(200);
    expect(res.body).toMatchObject({ id: f.fairview.id, name: 'Fairview', county: 'Alder County' });
    const missing = await visitor.get('/api/cities/atlantis-zz').expect(404);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: 'City not found' } });
    await visitor.get('/api/cities/atlantis-zz/videos').expect(404);
  });

  it('lists a city\'s latest videos, published_at desc, limit 10 by default and at most 50', async () => {
    for (let i = 0; i < 12; i += 1) {
      await t.db
        .insertInto('city_videos')
        .values({ city_id: f.riverton.id, video_id: `rv${String(i).padStart(9, '0')}`, title: `Meeting ${i}`, published_at: new Date(Date.UTC(2026, 0, i + 1)) })
        .execute();
    }
    const res = await visitor.get(`/api/cities/${f.riverton.location_key}/videos`).expect(200);
    const videos = res.body as { title: string; transcript?: unknown }[];
    expect(videos).toHaveLength(10);
    expect(videos[0]?.title).toBe('Meeting 11');
    expect(videos[9]?.title).toBe('Meeting 2');
    expect(videos[0]).not.toHaveProperty('transcript');
    expect(videos[0]).not.toHaveProperty('transcript_edited_at');
    expect(((await visitor.get(`/api/cities/${f.riverton.location_key}/videos?limit=3`).expect(200)).body as unknown[]).length).toBe(3);
    expect(((await visitor.get(`/api/cities/${f.riverton.location_key}/videos?limit=500`).expect(200)).body as unknown[]).length).toBe(12);
    await visitor.get(`/api/cities/${f.riverton.location_key}/videos?limit=abc`).expect(400);
    await visitor.get(`/api/cities/${f.riverton.location_key}/videos?limit=0`).expect(400);
  });

  it("counts every stored meeting of a city for its Statistics card, not one page of them; 404 for an unknown city", async () => {
    for (let i = 0; i < 12; i += 1) {
      await t.db
        .insertInto('city_videos')
        .values({
          city_id: f.riverton.id,
          video_id: `st${String(i).padStart(9, '0')}`,
          title: `Stats meeting ${i}`,
          channel_title: i < 8 ? 'Riverton City Council' : 'Riverton Schools',
          published_at: new Date(Date.UTC(2031, 0, i + 1)),
        })
        .execute();
    }
    const stored = await t.db.selectFrom('city_videos').select((eb) => eb.fn.countAll<string>().as('n')).where('city_id', '=', f.riverton.id).executeTakeFirstOrThrow();
    const stats = (await visitor.get(`/api/cities/${f.riverton.location_key}/stats`).expect(200)).body as Record<string, unknown>;
    expect(Number(stored.n)).toBeGreaterThan(10);
    expect(stats).toMatchObject({ meetings: Number(stored.n), last_meeting_at: '2031-01-12T00:00:00.000Z' });
    expect((stats.channels as string[]).slice(0, 2)).toEqual(['Riverton City Council', 'Riverton Schools']);
    expect(stats.source_count).toEqual(expect.any(Number));
    const missing = await visitor.get('/api/cities/atlantis-zz/stats').expect(404);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: 'City not found' } });
  });

  it('reads a video with its city, by id or platform id; 404 otherwise', async () => {
    const res = await visitor.get(`/api/videos/${f.video.id}`).expect(200);
    expect(res.body).toMatchObject({
      id: f.video.id,
      video_id: f.video.video_id,
      title: 'Council meeting with transcript',
      // No stored link: the page embeds the platform id itself.
      embed_video_id: f.video.video_id,
      city: { id: f.fairview.id, name: 'Fairview', state: 'CA', location_key: f.fairview.location_key },
    });
    expect(res.body).not.toHaveProperty('transcript_edited_at');
    expect(res.body).not.toHaveProperty('updated_at');
    expect((await visitor.get(`/api/videos/${f.video.video_id}`).expect(200)).body).toMatchObject({ id: f.video.id });
    await visitor.get('/api/videos/00000000-0000-4000-8000-000000000000').expect(404);
    await visitor.get('/api/videos/nonexistent').expect(404);
    expect((await visitor.get(`/api/videos/${f.video.id}/segments`).expect(200)).body).toEqual({ segments: [] });
  });

  it('serves the directory sorted Tier 1, 2, 3 then name, with the city and without owner or billing fields', async () => {
    const all = (await visitor.get('/api/businesses').expect(200)).body as Record<string, unknown>[];
    expect(all.map((l) => l.name)).toEqual(['Zeta Hardware', 'Beta Books', 'Alpha Bakery']);
    expect(all[1]).toMatchObject({ city: { id: f.riverton.id, name: 'Riverton', state: 'OR', location_key: f.riverton.location_key } });
    for (const listing of all) {
      for (const hidden of ['user_email', 'stripe_customer_id', 'stripe_subscription_id', 'subscription_status']) expect(listing).not.toHaveProperty(hidden);
    }
    const fairview = (await visitor.get(`/api/businesses?city=${f.fairview.location_key}`).expect(200)).body as { name: string }[];
    expect(fairview.map((l) => l.name)).toEqual(['Zeta Hardware', 'Alpha Bakery']);
    expect((await visitor.get('/api/businesses?city=nowhere').expect(200)).body).toEqual([]);
  });

  it('reads a listing by business key, else by id; 404 otherwise', async () => {
    const zeta = f.listings.find((l) => l.name === 'Zeta Hardware');
    const beta = f.listings.find((l) => l.name === 'Beta Books');
    expect((await visitor.get(`/api/businesses/${zeta?.business_key}`).expect(200)).body).toMatchObject({ name: 'Zeta Hardware' });
    expect((await visitor.get(`/api/businesses/${beta?.id}`).expect(200)).body).toMatchObject({ name: 'Beta Books', listing_tier: 'Tier 2' });
    await visitor.get('/api/businesses/no-such-business').expect(404);
  });

  it('lists business categories', async () => {
    const res = await visitor.get('/api/business-categories').expect(200);
    expect(res.body).toEqual([expect.objectContaining({ id: f.categoryId, parent_category: 'Food' })]);
  });

  it('takes a contact message: 201, empty phone stored as null', async () => {
    await visitor.post('/api/contact').send({ email: 'ana@example.org', phone: '', topic: 'General Inquiry', message: 'Hello there' }).expect(201);
    const row = await t.db.selectFrom('contact_submissions').selectAll().where('email', '=', 'ana@example.org').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, topic: 'General Inquiry', message: 'Hello there' });
  });

  it.each([
    [{ phone: '555', topic: 'Feedback', message: 'Hi' }],
    [{ email: 'a@b.org', topic: 'Feedback' }],
    [{ email: 'a@b.org', message: 'Hi' }],
    [{ email: '  ', topic: 'Feedback', message: 'Hi' }],
    [{ email: 'a@b.org', topic: 'Feedback', message: '   ' }],
  ])('refuses a contact message with a required field missing: 400 "Please fill in all required fields." (%j)', async (body) => {
    const res = await visitor.post('/api/contact').send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_INPUT', message: 'Please fill in all required fields.' });
  });

  it('refuses an unknown contact topic', async () => {
    const res = await visitor.post('/api/contact').send({ email: 'a@b.org', topic: 'Sales pitch', message: 'Hi' }).expect(400);
    expect(res.body.error.message).toMatch(/Unknown topic/);
  });

  it('takes a city request for one of the 50 states and refuses anything else', async () => {
    await visitor.post('/api/city-requests').send({ state: 'Vermont', city_name: 'Montpelier', email: 'v@example.org' }).expect(201);
    expect(await t.db.selectFrom('city_request').select(['state', 'city_name']).execute()).toEqual([{ state: 'Vermont', city_name: 'Montpelier' }]);
    const territory = await visitor.post('/api/city-requests').send({ state: 'Guam', city_name: 'Hagåtña', email: 'g@example.org' }).expect(400);
    expect(territory.body.error.message).toMatch(/one of the 50 US states/);
    const missing = await visitor.post('/api/city-requests').send({ state: 'Vermont', email: 'v@example.org' }).expect(400);
    expect(missing.body.error.message).toBe('State, city name and email are required');
  });

  it('accepts analytics events with 202 and stores no address, agent or user', async () => {
    const member = await t.memberAgent();
    await member
      .post('/api/events')
      .set('User-Agent', 'SecretBrowser/1.0')
      .set('Referer', 'http://localhost/admin/proto/frontend-components?q=secret')
      .send({ name: 'search_initiated', properties: { query: 'budget' } })
      .expect(202);
    const rows = await t.db.selectFrom('analytics_events').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'search_initiated', properties: { query: 'budget' }, path: '/admin/proto/frontend-components' });
    const stored = JSON.stringify(rows);
    for (const secret of ['127.0.0.1', '::ffff', 'SecretBrowser', member.user?.email ?? '-', member.user?.id ?? '-']) expect(stored).not.toContain(secret);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['created_at', 'id', 'name', 'path', 'properties']);
    await visitor.post('/api/events').send({ name: 'Bad Name' }).expect(400);
  });
});
