import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createApp } from '../app.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { sitemapXml } from './crawlers.js';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe.each(TEST_ENGINES)('robots.txt and sitemap.xml on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let site: ReturnType<typeof supertest>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    await t.db.updateTable('cities').set({ status: 'Live' }).where('id', '=', f.fairview.id).execute();
    await t.db.updateTable('cities').set({ status: 'Test' }).where('id', '=', f.riverton.id).execute();
    await t.db.updateTable('city_videos').set({ news_story: 'A story.' }).where('id', '=', f.video.id).execute();
    await t.db.insertInto('city_videos').values({ city_id: f.riverton.id, video_id: 'rivertonv01' }).execute();
    const core: Core = { ...t.core, config: { ...t.core.config, publicUrl: 'https://news.example' } };
    site = supertest(createApp(core));
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps crawlers out of the API, accounts and staff screens, and names the sitemap', async () => {
    const res = await site.get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    expect(res.text).toContain('Disallow: /api/\nDisallow: /admin\nDisallow: /auth\nDisallow: /profile');
    expect(res.text).toContain('Sitemap: https://news.example/sitemap.xml');
  });

  it('lists the public cities, their meetings and stories at the city address, and nothing of a Test city', async () => {
    const res = await site.get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    const urls = locs(res.text);
    const city = `https://news.example/city/${f.fairview.location_key}`;
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://news.example/',
        'https://news.example/search',
        'https://news.example/developers',
        city,
        `${city}/meeting/${f.video.id}`,
        `${city}/meeting-story/${f.video.id}`,
        `${city}/meeting/${f.bareVideo.id}`,
      ]),
    );
    // A meeting without a story has no story page; a Test city is not public.
    expect(urls).not.toContain(`${city}/meeting-story/${f.bareVideo.id}`);
    expect(urls.some((url) => url?.includes(f.riverton.location_key))).toBe(false);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });
});

describe('sitemapXml', () => {
  it('escapes what it lists', () => {
    expect(sitemapXml('https://a.example', [{ path: "/city/o'hare&co", lastModified: null }])).toContain('<loc>https://a.example/city/o&apos;hare&amp;co</loc>');
  });
});
