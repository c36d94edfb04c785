import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { escapeHtml } from '../../core/domain/search-highlight.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsStory } from '../../core/domain/news-story.js';
import type { Core } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createApp } from '../app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const HOSTILE_TITLE = `Budget "hearing" <script>alert(1)</script> & $& more`;
const SUMMARY = 'The council approved the Oak Street bridge repair, 5 to 0.';

/** Every `<meta property="og:…">` of a page, by property. */
function openGraph(html: string): Record<string, string> {
  const tags = [...html.matchAll(/<meta property="(og:[a-z_]+)" content="([^"]*)" \/>/g)];
  return Object.fromEntries(tags.map(([, property, content]) => [property!, content!]));
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1];

describe.each(TEST_ENGINES)('the app shell with page meta on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let webDist: string;
  let site: ReturnType<typeof supertest>;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-shell-'));
    // The real template, so a change to its placeholders shows here.
    await fs.copyFile(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDist, 'index.html'));
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    await t.db.updateTable('cities').set({ tag_line: 'Where the <river> & "the rail" meet' }).where('id', '=', f.fairview.id).execute();
    const story: NewsStory = {
      article: { headline: 'Council fixes the <Oak Street> bridge', body: 'First paragraph, with "quotes".\n\nSecond paragraph.', word_count: 7, primary_focus: 'bridge' },
      sidebar_elements: { quote_block: null, quick_facts: [], background: '' },
      metadata: { sources_used: [], next_meeting_date: null, follow_up_needed: false, uncertainty_notes: [] },
      notes: '',
    };
    await t.db
      .updateTable('city_videos')
      .set({ title: HOSTILE_TITLE, analysis_results: JSON.stringify({ summary: SUMMARY, highlights: [], action_items: [], entities: [], quotes: [] }), news_story: JSON.stringify(story) })
      .where('id', '=', f.video.id)
      .execute();
    await t.db.updateTable('city_videos').set({ news_story: `Plain story from elsewhere.\n\n${'Long '.repeat(100)}`, description: 'x'.repeat(400) }).where('id', '=', f.bareVideo.id).execute();
    const core: Core = { ...t.core, config: { ...t.core.config, siteName: 'Fair & Square', publicUrl: 'https://news.example' } };
    site = supertest(createApp(core, { webDist }));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('fills the home page with the site name and the default description', async () => {
    const res = await site.get('/').expect(200).expect('Content-Type', /html/);
    expect(titleOf(res.text)).toBe('Fair &amp; Square: local government meetings, in plain words');
    expect(res.text).toContain('<meta name="application-name" content="Fair &amp; Square" />');
    expect(descriptionOf(res.text)).toMatch(/^Searchable transcripts/);
    expect(openGraph(res.text)).toEqual({
      'og:title': 'Fair &amp; Square: local government meetings, in plain words',
      'og:description': descriptionOf(res.text),
      'og:type': 'website',
      'og:url': 'https://news.example/',
      'og:site_name': 'Fair &amp; Square',
      'og:image': 'https://news.example/og-card.png',
    });
    expect(res.text).toContain('<link rel="canonical" href="https://news.example/" />');
    expect(res.text).toContain('<link rel="alternate" type="application/atom+xml" title="Meetings | Fair &amp; Square" href="https://news.example/feeds/meetings.atom" />');
    expect(res.text.match(/application\/atom\+xml/g)).toHaveLength(1);
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.text).not.toContain('noindex');
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text.match(/name="description"/g)).toHaveLength(1);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('describes a city by its name and tag line, escaped', async () => {
    const res = await site.get(`/city/${f.fairview.location_key}`).expect(200);
    expect(titleOf(res.text)).toBe('Fairview, CA | Fair &amp; Square');
    expect(descriptionOf(res.text)).toBe('Where the &lt;river&gt; &amp; &quot;the rail&quot; meet');
    expect(openGraph(res.text)).toMatchObject({ 'og:type': 'website', 'og:url': `https://news.example/city/${f.fairview.location_key}` });
    // Feed readers find the city's own feed beside the site's.
    expect(res.text).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Fairview meetings | Fair &amp; Square" href="https://news.example/feeds/city/${f.fairview.location_key}.atom" />`,
    );
    // The city's other pages (directory, search) say what they are.
    const directory = await site.get(`/city/${f.fairview.location_key}/businesses`).expect(200);
    expect(titleOf(directory.text)).toBe('Local businesses in Fairview, CA | Fair &amp; Square');
    const search = await site.get(`/city/${f.fairview.location_key}/search`).expect(200);
    expect(titleOf(search.text)).toBe('Search meetings of Fairview, CA | Fair &amp; Square');
    await site.get(`/city/${f.fairview.location_key}/no-such-page`).expect(404);
  });

  it('describes a meeting by its title and analysis summary, with or without its city, by either id', async () => {
    const escapedTitle = 'Budget &quot;hearing&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; more';
    for (const url of [`/city/${f.fairview.location_key}/meeting/${f.video.id}`, `/meeting/${f.video.video_id}`]) {
      const res = await site.get(url).expect(200);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(titleOf(res.text)).toBe(`${escapedTitle} | Fair &amp; Square`);
      expect(descriptionOf(res.text)).toBe(SUMMARY);
      // Both addresses name the city's as the meeting's one address.
      const canonical = `https://news.example/city/${f.fairview.location_key}/meeting/${f.video.id}`;
      expect(openGraph(res.text)).toMatchObject({ 'og:title': `${escapedTitle} | Fair &amp; Square`, 'og:description': SUMMARY, 'og:type': 'article', 'og:url': canonical });
      expect(res.text).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(res.text).toContain(`href="https://news.example/feeds/city/${f.fairview.location_key}.atom"`);
    }
  });

  it('describes a story by its headline and first paragraph', async () => {
    for (const url of [`/story/${f.video.video_id}`, `/meeting-story/${f.video.id}`, `/city/${f.fairview.location_key}/meeting-story/${f.video.id}`]) {
      const res = await site.get(url).expect(200);
      expect(titleOf(res.text)).toBe('Council fixes the &lt;Oak Street&gt; bridge | Fair &amp; Square');
      expect(descriptionOf(res.text)).toBe('First paragraph, with &quot;quotes&quot;.');
      expect(openGraph(res.text)['og:type']).toBe('article');
      const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.text)?.[1] ?? '{}') as Record<string, unknown>;
      expect(data).toMatchObject({ '@type': 'NewsArticle', headline: 'Council fixes the <Oak Street> bridge', publisher: { name: 'Fair & Square' } });
      // No value can end the script element early.
      expect(res.text).not.toMatch(/application\/ld\+json">[^<]*<Oak/);
    }
  });

  it('takes a plain-text story by the video title and its first paragraph; clips long descriptions', async () => {
    const story = await site.get(`/story/${f.bareVideo.id}`).expect(200);
    expect(titleOf(story.text)).toBe('No transcript yet | Fair &amp; Square');
    expect(descriptionOf(story.text)).toBe('Plain story from elsewhere.');
    const meeting = await site.get(`/meeting/${f.bareVideo.id}`).expect(200);
    const description = descriptionOf(meeting.text) ?? '';
    expect(description.length).toBeLessThanOrEqual(300);
    expect(description).toMatch(/^x+…$/);
  });

  it('answers 404 with the app shell for an unknown city or video', async () => {
    const unknown = [
      '/city/atlantis-xx',
      '/city/atlantis-xx/businesses',
      '/meeting/no-such-video',
      '/story/no-such-video',
      `/city/${f.fairview.location_key}/meeting/no-such-video`,
      // A real video under another city's URL does not exist there.
      `/city/${f.riverton.location_key}/meeting/${f.video.id}`,
      `/meeting/${'a'.repeat(65)}`,
    ];
    for (const url of unknown) {
      const res = await site.get(url).expect(404).expect('Content-Type', /html/);
      expect(res.text, url).toContain('<div id="root"></div>');
      expect(titleOf(res.text), url).toBe('Page not found | Fair &amp; Square');
    }
  });

  it('answers 400 with the app shell for a page address it cannot read, before any lookup', async () => {
    for (const url of ['/city/%00', '/meeting/a%00', '/story/%E0%A4%A', '/city/%C3%28/businesses', `/meeting/${'a'.repeat(300)}`]) {
      const res = await site.get(url).expect(400).expect('Content-Type', /html/);
      expect(res.text, url).toContain('<div id="root"></div>');
      expect(titleOf(res.text), url).toBe('Bad request | Fair &amp; Square');
    }
    // The API's own refusals stay JSON.
    const api = await site.get('/api/cities/%00').expect(400).expect('Content-Type', /json/);
    expect(api.body.error.code).toBe('BAD_INPUT');
  });

  it('gives every other page of the site its own title; an unknown path is a 404 with the shell', async () => {
    const about = await site.get('/about').expect(200);
    expect(titleOf(about.text)).toBe('About | Fair &amp; Square');
    expect(openGraph(about.text)['og:url']).toBe('https://news.example/about');
    expect(titleOf((await site.get('/businesses').expect(200)).text)).toBe('Local Business Directory | Fair &amp; Square');
    expect(titleOf((await site.get('/search').query({ q: 'bridge' }).expect(200)).text)).toBe('Search meetings | Fair &amp; Square');
    expect(titleOf((await site.get('/developers').expect(200)).text)).toBe('Developers | Fair &amp; Square');
    // Accounts and staff screens stay out of search engines.
    for (const url of ['/auth', '/profile', '/admin', '/admin/story-playground']) {
      expect((await site.get(url).expect(200)).text, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    for (const url of ['/no/such/page', '/about/more', '/businesses/no-such-business']) {
      const res = await site.get(url).expect(404);
      expect(titleOf(res.text), url).toBe('Page not found | Fair &amp; Square');
      expect(res.text, url).toContain('<div id="root"></div>');
    }
  });

  it('describes a business by its name, under its own address', async () => {
    const listing = f.listings[0]!;
    const res = await site.get(`/businesses/${listing.business_key ?? listing.id}`).expect(200);
    expect(titleOf(res.text)).toBe(`${escapeHtml(listing.name)} | Fair &amp; Square`);
    await site.get(`/city/${f.riverton.location_key}/businesses/${listing.business_key ?? listing.id}`).expect(404);
  });

  it('keeps video times out of descriptions, and times of day in', async () => {
    await t.db
      .updateTable('city_videos')
      .set({ analysis_results: JSON.stringify({ summary: '[00:12:34] The council met at 7:00 pm. 01:02:03 - It adopted the budget (4:05).', highlights: [], action_items: [], entities: [] }) })
      .where('id', '=', f.video.id)
      .execute();
    const res = await site.get(`/meeting/${f.video.id}`).expect(200);
    expect(descriptionOf(res.text)).toBe('The council met at 7:00 pm. It adopted the budget.');
  });
});
