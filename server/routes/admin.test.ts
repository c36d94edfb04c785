import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';

describe.each(TEST_ENGINES)('admin resource routes on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a city by spec §5 (state CA, status New by default), lists and updates it', async () => {
    const created = await admin.post('/api/admin/cities').send({ name: ' Cedar Hollow ', county: 'Larch County', tag_line: 'Up the hill' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Cedar Hollow', state: 'CA', status: 'New', location_key: 'cedar-hollow-ca', primary_color: '#3B82F6', tag_line: 'Up the hill' });
    const list = await admin.get('/api/admin/cities').expect(200);
    expect((list.body as { name: string }[]).map((c) => c.name)).toEqual(['Cedar Hollow', 'Fairview', 'Riverton']);
    expect((list.body as { name: string; url_count: number }[]).find((c) => c.name === 'Fairview')).toMatchObject({ url_count: 1, video_count: 2 });
    const updated = await admin.patch(`/api/admin/cities/${created.body.id}`).send({ status: 'Live', tag_line: null, state: 'Oregon' }).expect(200);
    expect(updated.body).toMatchObject({ status: 'Live', tag_line: null, state: 'OR', location_key: 'cedar-hollow-ca' });
    const conflict = await admin.post('/api/admin/cities').send({ name: 'Cedar Hollow', county: 'Larch County' }).expect(409);
    expect(conflict.body.error.code).toBe('CONFLICT');
    await admin.patch('/api/admin/cities/00000000-0000-4000-8000-000000000000').send({ status: 'Live' }).expect(404);
  });

  it('adds a URL with its link row, edits it, and deletes link rows then the URL', async () => {
    const created = await admin.post(`/api/admin/cities/${f.riverton.id}/urls`).send({ url: 'youtube.com/@RivertonCouncil', title: 'Council' }).expect(201);
    expect(created.body).toMatchObject({ url: 'https://youtube.com/@RivertonCouncil', content_type: 'video', source_type: 'city', entity_type: 'Unknown' });
    const links = await t.db.selectFrom('cities_urls').selectAll().where('url_id', '=', created.body.id).execute();
    expect(links.map((l) => l.city_id)).toEqual([f.riverton.id]);
    const list = await admin.get(`/api/admin/cities/${f.riverton.id}/urls`).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, video_count: 0, last_refresh: null })]);

    const edited = await admin.patch(`/api/admin/urls/${created.body.id}`).send({ title: 'Council meetings', source_type: 'county' }).expect(200);
    expect(edited.body).toMatchObject({ title: 'Council meetings', source_type: 'county', url: 'https://youtube.com/@RivertonCouncil' });
    await admin.patch(`/api/admin/urls/${created.body.id}`).send({ url: 'https://example.org/not-youtube' }).expect(400);

    await admin.delete(`/api/admin/urls/${created.body.id}`).expect(204);
    expect(await t.db.selectFrom('cities_urls').selectAll().where('url_id', '=', created.body.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('city_urls').selectAll().where('id', '=', created.body.id).execute()).toEqual([]);
    await admin.delete(`/api/admin/urls/${created.body.id}`).expect(404);
    await admin.get('/api/admin/cities/00000000-0000-4000-8000-000000000000/urls').expect(404);
  });

  it('lists videos by city and source, newest published or newest created first', async () => {
    const published = (await admin.get(`/api/admin/videos?cityId=${f.fairview.id}&order=published`).expect(200)).body as { id: string; has_transcript: boolean }[];
    expect(published.map((v) => v.id)).toEqual([f.video.id, f.bareVideo.id]);
    expect(published[0]).toMatchObject({ has_transcript: true, has_analysis: false, has_story: false });
    expect(published[0]).not.toHaveProperty('transcript');
    const created = (await admin.get(`/api/admin/videos?urlId=${f.source.id}&order=created`).expect(200)).body as { id: string }[];
    expect(created.map((v) => v.id)).toEqual([f.bareVideo.id, f.video.id]);
    expect((await admin.get(`/api/admin/videos?cityId=${f.riverton.id}`).expect(200)).body).toEqual([]);
  });

  it('edits a video: a changed transcript is marked as a person\'s edit, re-cut into segments, its analysis marked stale and re-verified', async () => {
    await admin.post('/api/functions/analyzeVideoTranscript').send({ recordId: f.video.id }).expect(200);
    const before = (await admin.get(`/api/admin/videos/${f.video.id}`).expect(200)).body as { stages: { stage: string; status: string }[] };
    expect(before.stages).toEqual(expect.arrayContaining([expect.objectContaining({ stage: 'analysis', status: 'done' })]));

    const transcript = 'Mayor Lopez: The meeting is called to order.\nCouncilmember Park: I move to approve the library hours.\nMayor Lopez: The motion passes.';
    const res = await admin.patch(`/api/admin/videos/${f.video.id}`).send({ title: 'Edited title', transcript }).expect(200);
    expect(res.body).toMatchObject({ title: 'Edited title', transcript, city: { id: f.fairview.id } });
    expect(res.body.transcript_edited_at).toEqual(expect.any(String));
    expect(res.body.segment_count).toBeGreaterThan(0);
    const stages = Object.fromEntries((res.body.stages as { stage: string; status: string }[]).map((s) => [s.stage, s.status]));
    expect(stages).toMatchObject({ analysis: 'pending', verify: 'done' });
    const segments = (await admin.get(`/api/videos/${f.video.id}/segments`).expect(200)).body.segments as { text: string }[];
    expect(segments.map((s) => s.text).join(' ')).toContain('library hours');

    // Only title and description change: the transcript and its edit mark stay.
    const renamed = await admin.patch(`/api/admin/videos/${f.video.id}`).send({ description: 'New description' }).expect(200);
    expect(renamed.body).toMatchObject({ description: 'New description', transcript, transcript_edited_at: res.body.transcript_edited_at });
    await admin.patch(`/api/admin/videos/${f.video.id}`).send({}).expect(400);
  });

  it('deletes a video', async () => {
    const video = await t.db.insertInto('city_videos').values({ city_id: f.riverton.id, video_id: 'todelete001' }).returning('id').executeTakeFirstOrThrow();
    await admin.delete(`/api/admin/videos/${video.id}`).expect(204);
    await admin.get(`/api/admin/videos/${video.id}`).expect(404);
    await admin.delete(`/api/admin/videos/${video.id}`).expect(404);
  });

  it('pages businesses 12 at a time with the exact total and letter, city and name filters', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ name: `Acme ${String(i).padStart(2, '0')}`, city_id: i < 20 ? f.riverton.id : f.fairview.id }));
    await t.db.insertInto('business_listings').values([...rows, { name: '7 Seas Fish' }]).execute();
    const first = await admin.get('/api/admin/businesses').expect(200);
    expect(first.body).toMatchObject({ total: 29, page: 1, page_size: 12 });
    expect(first.body.rows).toHaveLength(12);
    expect(first.body.rows[0]).toMatchObject({ name: '7 Seas Fish', city: null });
    const acme = await admin.get(`/api/admin/businesses?letter=A&cityId=${f.riverton.id}&page=2`).expect(200);
    expect(acme.body.total).toBe(20);
    expect((acme.body.rows as { name: string }[]).map((r) => r.name)).toEqual(rows.slice(12, 20).map((r) => r.name));
    expect(acme.body.rows[0]).toMatchObject({ city: { id: f.riverton.id, name: 'Riverton', state: 'OR' } });
    expect((await admin.get('/api/admin/businesses?letter=0-9').expect(200)).body.total).toBe(1);
    expect((await admin.get('/api/admin/businesses?q=bAkErY').expect(200)).body.rows).toEqual([expect.objectContaining({ name: 'Alpha Bakery', user_email: 'owner@alpha.example' })]);
    expect(JSON.stringify((await admin.get('/api/admin/businesses?q=bakery').expect(200)).body)).not.toContain('cus_secret');
  });

  it('updates a business listing', async () => {
    const id = f.listings.find((l) => l.name === 'Beta Books')?.id;
    const res = await admin.patch(`/api/admin/businesses/${id}`).send({ website: 'betabooks.example', listing_tier: 'Tier 1', postal_code: '' }).expect(200);
    expect(res.body).toMatchObject({ website: 'https://betabooks.example', listing_tier: 'Tier 1', postal_code: null, name: 'Beta Books' });
  });

  it('adds a listing: name required, key made from the name (suffixed when taken), city and category checked', async () => {
    const created = await admin
      .post('/api/admin/businesses')
      .send({ name: ' Corner Market ', city_id: f.fairview.id, business_category: f.categoryId, website: 'cornermarket.example', telephone: '' })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Corner Market', business_key: 'corner-market', listing_tier: 'Tier 3', website: 'https://cornermarket.example', telephone: null,
      city: { id: f.fairview.id, name: 'Fairview' }, business_category: f.categoryId,
    });
    const twin = await admin.post('/api/admin/businesses').send({ name: 'Corner Market' }).expect(201);
    expect(twin.body).toMatchObject({ business_key: 'corner-market-2', city: null });
    expect((await t.signedOutAgent().then((v) => v.get('/api/businesses/corner-market').expect(200))).body.id).toBe(created.body.id);

    const conflict = await admin.post('/api/admin/businesses').send({ name: 'Other', business_key: 'corner-market' }).expect(409);
    expect(conflict.body.error.code).toBe('CONFLICT');
    const before = await t.db.selectFrom('business_listings').select('id').execute();
    for (const body of [
      {},
      { name: '   ' },
      { name: 'X', listing_tier: 'Tier 9' },
      { name: 'X', city_id: '00000000-0000-4000-8000-000000000000' },
      { name: 'X', business_category: '00000000-0000-4000-8000-000000000000' },
      { name: 'X', city_id: 'fairview' },
      { name: 'X', business_key: 'Not A Key' },
      { name: 'X', website: 'javascript:alert(1)' },
      { name: 'X', email: 'nope' },
    ]) {
      const res = await admin.post('/api/admin/businesses').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('BAD_INPUT');
    }
    expect(await t.db.selectFrom('business_listings').select('id').execute()).toHaveLength(before.length);
  });

  it('removes a listing, and says 404 for one that is gone or never was', async () => {
    const created = await admin.post('/api/admin/businesses').send({ name: 'Short Lived Shop', business_key: 'short-lived' }).expect(201);
    const visitor = await t.signedOutAgent();
    await visitor.get('/api/businesses/short-lived').expect(200);
    await admin.delete(`/api/admin/businesses/${created.body.id}`).expect(204);
    // The public read is cached for two seconds; a change through the server empties that cache.
    await visitor.get('/api/businesses/short-lived').expect(404);
    await admin.delete(`/api/admin/businesses/${created.body.id}`).expect(404);
    await admin.delete('/api/admin/businesses/not-an-id').expect(400);
  });

  it('shows the pipeline: per city progress and cost, per video stages and model usage', async () => {
    const res = await admin.get(`/api/admin/pipeline?cityId=${f.fairview.id}`).expect(200);
    expect(res.body.cities).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Fairview', videos: expect.objectContaining({ total: 2, analysed: 1 }) })]));
    const video = (res.body.videos as { id: string; stages: { stage: string }[]; llm: { calls: number } }[]).find((v) => v.id === f.video.id);
    expect(video?.llm.calls).toBeGreaterThan(0);
    expect(video?.stages.map((s) => s.stage)).toEqual(expect.arrayContaining(['analysis', 'verify']));
    expect(res.body.totals.model.calls).toBeGreaterThan(0);
  });
});
