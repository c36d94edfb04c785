import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityVideo } from '../../core/index.js';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, TestAgent, type TestApp } from '../testing/test-app.js';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/**
 * Issue 25 at the HTTP door: a Test city, its meeting and its pages are a 404 to visitors and
 * members and an ordinary (badged) city to an admin; an Archive city is readable by all.
 */
describe.each(TEST_ENGINES)('city status on the public routes on %s', (engine) => {
  let t: TestApp;
  let visitor: TestAgent;
  let member: TestAgent;
  let admin: TestAgent;
  let live: City;
  let testing: City;
  let hidden: CityVideo;

  beforeAll(async () => {
    const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-visibility-'));
    await fs.copyFile(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDist, 'index.html'));
    // The public cache on (as in production): the same URLs are read by both audiences within its life.
    t = await createTestApp(engine, { app: { webDist, publicCacheTtlMs: 60_000 } });
    live = await buildCity(t.db, { name: 'Alder', location_key: 'alder-ca', status: 'Live' });
    await buildCity(t.db, { name: 'Birch', location_key: 'birch-ca', status: 'Archive' });
    testing = await buildCity(t.db, { name: 'Cedar', location_key: 'cedar-ca', status: 'Test' });
    await addMeeting(t.db, live.id, { title: 'Alder zoning hearing', says: [[5, 'The zoning variance passed.']] });
    hidden = await addMeeting(t.db, testing.id, { title: 'Cedar zoning hearing', says: [[5, 'The zoning variance failed.']] });
    visitor = await t.signedOutAgent();
    member = await t.memberAgent();
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  const names = (body: unknown) => (body as { name: string }[]).map((city) => city.name);

  it('lists Live and Archive cities to visitors and members, every city to an admin, from caches kept apart', async () => {
    // The admin reads first: a cache keyed by URL alone would then hand the Test city to everyone.
    expect(names((await admin.get('/api/cities').expect(200)).body)).toEqual(['Alder', 'Birch', 'Cedar']);
    expect(names((await visitor.get('/api/cities').expect(200)).body)).toEqual(['Alder', 'Birch']);
    expect(names((await member.get('/api/cities').expect(200)).body)).toEqual(['Alder', 'Birch']);
    expect(names((await admin.get('/api/cities').expect(200)).body)).toEqual(['Alder', 'Birch', 'Cedar']);
  });

  it("answers a Test city, its statistics and its meetings 404 to the public and to an admin as they are", async () => {
    for (const agent of [visitor, member]) {
      for (const url of ['/api/cities/cedar-ca', '/api/cities/cedar-ca/stats', '/api/cities/cedar-ca/videos']) {
        expect((await agent.get(url).expect(404)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'City not found' } });
      }
    }
    expect((await admin.get('/api/cities/cedar-ca').expect(200)).body).toMatchObject({ name: 'Cedar', status: 'Test' });
    expect((await admin.get('/api/cities/cedar-ca/stats').expect(200)).body).toMatchObject({ meetings: 1 });
    expect(((await admin.get('/api/cities/cedar-ca/videos').expect(200)).body as { id: string }[]).map((video) => video.id)).toEqual([hidden.id]);
    // And the public's 404 was not cached for the admin, nor the admin's answer for the public.
    await visitor.get('/api/cities/cedar-ca').expect(404);
    expect((await visitor.get('/api/cities/birch-ca').expect(200)).body).toMatchObject({ status: 'Archive' });
  });

  it("hides a Test city's meeting, its transcript and its error reports from the public", async () => {
    for (const agent of [visitor, member]) {
      await agent.get(`/api/videos/${hidden.id}`).expect(404);
      await agent.get(`/api/videos/${hidden.video_id}/segments`).expect(404);
      await agent.post(`/api/videos/${hidden.id}/error-reports`).send({ message: 'Wrong vote count.' }).expect(404);
    }
    expect((await admin.get(`/api/videos/${hidden.id}`).expect(200)).body).toMatchObject({ city: { location_key: 'cedar-ca' } });
    expect(((await admin.get(`/api/videos/${hidden.id}/segments`).expect(200)).body as { segments: unknown[] }).segments).toHaveLength(1);
    await admin.post(`/api/videos/${hidden.id}/error-reports`).send({ message: 'Wrong vote count.' }).expect(201);
  });

  it('searches the Test city for an admin only', async () => {
    const cityNames = (body: unknown) => (body as { results: { city: { name: string } | null }[] }).results.map((r) => r.city?.name).sort();
    expect(cityNames((await visitor.get('/api/search?q=zoning').expect(200)).body)).toEqual(['Alder']);
    expect(cityNames((await member.get('/api/search?q=zoning').expect(200)).body)).toEqual(['Alder']);
    expect(cityNames((await admin.get('/api/search?q=zoning').expect(200)).body)).toEqual(['Alder', 'Cedar']);
    await visitor.get('/api/search?q=zoning&city=cedar-ca').expect(404);
    expect(cityNames((await admin.get('/api/search?q=zoning&city=cedar-ca').expect(200)).body)).toEqual(['Cedar']);
  });

  it("answers a Test city's pages 404 to the public and shows them to an admin, kept out of search engines", async () => {
    const pages = ['/city/cedar-ca', '/city/cedar-ca/search', `/city/cedar-ca/meeting/${hidden.id}`, `/meeting/${hidden.id}`, `/meeting-story/${hidden.id}`];
    for (const page of pages) {
      for (const agent of [visitor, member]) {
        const res = await agent.get(page).expect(404);
        expect(titleOf(res.text)).toContain('Page not found');
        expect(res.text).not.toContain('Cedar');
      }
      const shown = await admin.get(page).expect(200);
      expect(shown.text).toContain('noindex');
      // Its feed is the public's 404: the page offers none.
      expect(shown.text).not.toContain('/feeds/city/cedar-ca.atom');
    }
    expect(titleOf((await admin.get('/city/cedar-ca').expect(200)).text)).toContain('Cedar, CA');
    // Archived and Live cities are everyone's, and indexable.
    const archivedPage = await visitor.get('/city/birch-ca').expect(200);
    expect(titleOf(archivedPage.text)).toContain('Birch, CA');
    expect(archivedPage.text).not.toContain('noindex');
    await visitor.get('/city/alder-ca').expect(200);
  });

  it("keeps a Test city's businesses from the public directory, its API and its pages", async () => {
    await t.db.insertInto('business_listings').values({ name: 'Cedar Hardware', business_key: 'cedar-hardware', city_id: testing.id }).execute();
    await t.db.insertInto('business_listings').values({ name: 'Alder Bakery', business_key: 'alder-bakery', city_id: live.id }).execute();
    const listed = (body: unknown) => (body as { name: string }[]).map((listing) => listing.name).sort();
    // The admin first, as above: the answers are cached per audience.
    expect(listed((await admin.get('/api/businesses').expect(200)).body)).toEqual(['Alder Bakery', 'Cedar Hardware']);
    for (const agent of [visitor, member]) {
      expect(listed((await agent.get('/api/businesses').expect(200)).body)).toEqual(['Alder Bakery']);
      expect((await agent.get('/api/businesses?city=cedar-ca').expect(200)).body).toEqual([]);
      await agent.get('/api/businesses/cedar-hardware').expect(404);
      await agent.get('/businesses/cedar-hardware').expect(404);
      await agent.get('/city/cedar-ca/businesses/cedar-hardware').expect(404);
    }
    expect((await admin.get('/api/businesses/cedar-hardware').expect(200)).body).toMatchObject({ name: 'Cedar Hardware' });
    await admin.get('/businesses/cedar-hardware').expect(200);
    await visitor.get('/businesses/alder-bakery').expect(200);
  });

  it('serves the cities page to everyone and leaves hidden cities out of the sitemap', async () => {
    expect(titleOf((await visitor.get('/cities').expect(200)).text)).toContain('Cities');
    const sitemap = (await visitor.get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain('/city/alder-ca');
    expect(sitemap).toContain('/city/birch-ca');
    expect(sitemap).not.toContain('cedar-ca');
    expect(sitemap).not.toContain(hidden.id);
  });

  it('a visitor with a stale or forged session cookie is still the public', async () => {
    const forged = new TestAgent(t.app);
    const res = await forged.get('/api/cities').set('Cookie', 'tc.sid=s%3Aforged.signature').expect(200);
    expect(names(res.body)).toEqual(['Alder', 'Birch']);
    await forged.get('/city/cedar-ca').set('Cookie', 'tc.sid=s%3Aforged.signature').expect(404);
  });
});
