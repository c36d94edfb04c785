import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { buildPng } from '../../core/testing/tiny-png.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, TRANSCRIPT, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { editableStory } from '../../core/domain/newsroom.js';

interface Context extends ResourceFixtures {
  spareUrlId: string;
  spareVideoId: string;
  spareListingId: string;
  imageKey: string;
  errorReportId: string;
  /** A meeting with a written story and a draft waiting (the newsroom routes, issue 24). */
  newsroomVideoId: string;
  storyEdit: object;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Role = 'signedOut' | 'member' | 'admin';

interface RouteCase {
  method: Method;
  path: (c: Context) => string;
  body?: (c: Context) => object;
  /** Multipart instead of JSON. */
  attach?: (req: supertest.Test, c: Context) => supertest.Test;
  expect: Record<Role, number>;
}

const everyone = (status: number): Record<Role, number> => ({ signedOut: status, member: status, admin: status });
const adminOnly = (status: number): Record<Role, number> => ({ signedOut: 401, member: 403, admin: status });

/** Every route of api.md this router owns, in an order where each admin call can succeed. */
const ROUTES: [string, RouteCase][] = [
  ['GET /api/cities', { method: 'get', path: () => '/api/cities', expect: everyone(200) }],
  ['GET /api/cities/:locationKey', { method: 'get', path: (c) => `/api/cities/${c.fairview.location_key}`, expect: everyone(200) }],
  ['GET /api/cities/:locationKey/stats', { method: 'get', path: (c) => `/api/cities/${c.fairview.location_key}/stats`, expect: everyone(200) }],
  ['GET /api/cities/:locationKey/videos', { method: 'get', path: (c) => `/api/cities/${c.fairview.location_key}/videos`, expect: everyone(200) }],
  ['GET /api/videos/:id', { method: 'get', path: (c) => `/api/videos/${c.video.id}`, expect: everyone(200) }],
  ['GET /api/search', { method: 'get', path: () => '/api/search?q=budget', expect: everyone(200) }],
  ['GET /api/videos/:id/segments', { method: 'get', path: (c) => `/api/videos/${c.video.id}/segments`, expect: everyone(200) }],
  ['GET /api/business-categories', { method: 'get', path: () => '/api/business-categories', expect: everyone(200) }],
  ['GET /api/businesses', { method: 'get', path: () => '/api/businesses', expect: everyone(200) }],
  ['GET /api/businesses/:businessKey', { method: 'get', path: (c) => `/api/businesses/${c.listings[0]?.id}`, expect: everyone(200) }],
  ['GET /api/storage/business-images/:key', { method: 'get', path: (c) => `/api/storage/business-images/${c.imageKey}`, expect: everyone(200) }],
  ['POST /api/city-requests', { method: 'post', path: () => '/api/city-requests', body: () => ({ state: 'Ohio', city_name: 'Dayton', email: 'd@example.org' }), expect: everyone(201) }],
  ['POST /api/contact', { method: 'post', path: () => '/api/contact', body: () => ({ email: 'c@example.org', topic: 'Feedback', message: 'Hi' }), expect: everyone(201) }],
  ['POST /api/videos/:id/error-reports', { method: 'post', path: (c) => `/api/videos/${c.video.id}/error-reports`, body: () => ({ message: 'The vote was 4-1' }), expect: everyone(201) }],
  ['GET /api/admin/error-reports', { method: 'get', path: () => '/api/admin/error-reports', expect: adminOnly(200) }],
  ['POST /api/admin/error-reports/:id/resolve', { method: 'post', path: (c) => `/api/admin/error-reports/${c.errorReportId}/resolve`, expect: adminOnly(200) }],
  ['POST /api/events', { method: 'post', path: () => '/api/events', body: () => ({ name: 'page_view' }), expect: everyone(202) }],
  ['POST /api/functions/analyzeVideoTranscript', { method: 'post', path: () => '/api/functions/analyzeVideoTranscript', body: (c) => ({ recordId: c.video.id }), expect: everyone(200) }],
  ['POST /api/functions/writeTranscriptStory', { method: 'post', path: () => '/api/functions/writeTranscriptStory', body: (c) => ({ recordId: c.video.id }), expect: everyone(200) }],
  ['POST /api/functions/fetchYoutubeTranscript', { method: 'post', path: () => '/api/functions/fetchYoutubeTranscript', body: () => ({ videoId: 'fvCC2026a01' }), expect: adminOnly(200) }],
  ['POST /api/functions/fetchYoutubeVideos', { method: 'post', path: () => '/api/functions/fetchYoutubeVideos', body: (c) => ({ url: 'fixture:fairview-city-council', cityId: c.fairview.id }), expect: adminOnly(200) }],
  ['GET /api/admin/cities', { method: 'get', path: () => '/api/admin/cities', expect: adminOnly(200) }],
  ['POST /api/admin/cities', { method: 'post', path: () => '/api/admin/cities', body: () => ({ name: 'Cedar Hollow', county: 'Larch' }), expect: adminOnly(201) }],
  ['PATCH /api/admin/cities/:id', { method: 'patch', path: (c) => `/api/admin/cities/${c.riverton.id}`, body: () => ({ status: 'Test' }), expect: adminOnly(200) }],
  ['GET /api/admin/cities/:id/urls', { method: 'get', path: (c) => `/api/admin/cities/${c.fairview.id}/urls`, expect: adminOnly(200) }],
  ['POST /api/admin/cities/:id/urls', { method: 'post', path: (c) => `/api/admin/cities/${c.fairview.id}/urls`, body: () => ({ url: 'https://fairview.example.gov/agendas', title: 'Agendas' }), expect: adminOnly(201) }],
  ['PATCH /api/admin/urls/:id', { method: 'patch', path: (c) => `/api/admin/urls/${c.source.id}`, body: () => ({ title: 'Council meetings' }), expect: adminOnly(200) }],
  ['DELETE /api/admin/urls/:id', { method: 'delete', path: (c) => `/api/admin/urls/${c.spareUrlId}`, expect: adminOnly(204) }],
  ['GET /api/admin/videos', { method: 'get', path: (c) => `/api/admin/videos?cityId=${c.fairview.id}&order=published`, expect: adminOnly(200) }],
  ['GET /api/admin/videos/:id', { method: 'get', path: (c) => `/api/admin/videos/${c.video.id}`, expect: adminOnly(200) }],
  ['PATCH /api/admin/videos/:id', { method: 'patch', path: (c) => `/api/admin/videos/${c.video.id}`, body: () => ({ title: 'Renamed meeting' }), expect: adminOnly(200) }],
  ['DELETE /api/admin/videos/:id', { method: 'delete', path: (c) => `/api/admin/videos/${c.spareVideoId}`, expect: adminOnly(204) }],
  ['GET /api/admin/businesses', { method: 'get', path: () => '/api/admin/businesses?letter=A&page=1', expect: adminOnly(200) }],
  ['POST /api/admin/businesses', { method: 'post', path: () => '/api/admin/businesses', body: (c) => ({ name: 'Permission Check Shop', city_id: c.fairview.id }), expect: adminOnly(201) }],
  ['DELETE /api/admin/businesses/:id', { method: 'delete', path: (c) => `/api/admin/businesses/${c.spareListingId}`, expect: adminOnly(204) }],
  ['PATCH /api/admin/businesses/:id', { method: 'patch', path: (c) => `/api/admin/businesses/${c.listings[0]?.id}`, body: () => ({ description: 'Tools and keys' }), expect: adminOnly(200) }],
  [
    'POST /api/admin/uploads/business-images',
    {
      method: 'post',
      path: () => '/api/admin/uploads/business-images',
      attach: (req, c) => req.field('business_id', c.listings[0]?.id ?? '').attach('file', buildPng(), 'logo.png'),
      expect: adminOnly(201),
    },
  ],
  ['GET /api/admin/drafts', { method: 'get', path: () => '/api/admin/drafts', expect: adminOnly(200) }],
  ['GET /api/admin/videos/:id/story', { method: 'get', path: (c) => `/api/admin/videos/${c.newsroomVideoId}/story`, expect: adminOnly(200) }],
  ['PUT /api/admin/videos/:id/story', { method: 'put', path: (c) => `/api/admin/videos/${c.newsroomVideoId}/story`, body: (c) => c.storyEdit, expect: adminOnly(200) }],
  ['POST /api/admin/videos/:id/story/approve', { method: 'post', path: (c) => `/api/admin/videos/${c.newsroomVideoId}/story/approve`, expect: adminOnly(200) }],
  [
    'PATCH /api/admin/videos/:id/decisions/:index',
    {
      method: 'patch',
      path: (c) => `/api/admin/videos/${c.newsroomVideoId}/decisions/0`,
      body: () => ({ item: 'Oak Street bridge repair', item_number: null, outcome: 'passed', tally: { yes: 5, no: 0, abstain: null, absent: null }, vote_kind: 'voice' }),
      expect: adminOnly(200),
    },
  ],
  ['POST /api/admin/videos/:id/corrections', { method: 'post', path: (c) => `/api/admin/videos/${c.newsroomVideoId}/corrections`, body: () => ({ note: 'The vote was 5-0.' }), expect: adminOnly(201) }],
  ['GET /api/admin/pipeline', { method: 'get', path: (c) => `/api/admin/pipeline?cityId=${c.fairview.id}`, expect: adminOnly(200) }],
];

/** A meeting analysed and written by the offline analyzer, with its story also waiting as a draft. */
async function seedNewsroomVideo(t: TestApp, cityId: string): Promise<Pick<Context, 'newsroomVideoId' | 'storyEdit'>> {
  const video = await t.db.insertInto('city_videos').values({ city_id: cityId, video_id: 'newsroom001', transcript: TRANSCRIPT }).returning('id').executeTakeFirstOrThrow();
  await t.core.functions.analyzeVideoTranscript({ recordId: video.id });
  const { story } = await t.core.functions.writeTranscriptStory({ recordId: video.id });
  await t.db.updateTable('city_videos').set({ draft_story: JSON.stringify(story), draft_generated_at: new Date() }).where('id', '=', video.id).execute();
  return { newsroomVideoId: video.id, storyEdit: { ...editableStory(story), headline: 'Council approves the Oak Street bridge repair' } };
}

describe.each(TEST_ENGINES)('permission matrix on %s', (engine) => {
  let t: TestApp;
  let c: Context;
  let agents: Record<Role, TestAgent>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const fixtures = await seedResources(t.core);
    const { source: spareUrl } = await t.core.sources.addSource(fixtures.fairview.id, { url: 'https://fairview.example.gov/minutes' });
    const spareVideo = await t.db.insertInto('city_videos').values({ city_id: fixtures.fairview.id, video_id: 'spare000001' }).returning('id').executeTakeFirstOrThrow();
    const spareListing = await t.db.insertInto('business_listings').values({ name: 'Spare Listing' }).returning('id').executeTakeFirstOrThrow();
    const image = await t.core.storage.uploadBusinessImage({ bytes: buildPng(), originalName: 'seed.png' });
    const errorReport = await t.core.errorReports.report(fixtures.video.id, { message: 'Seeded for the matrix' });
    const newsroom = await seedNewsroomVideo(t, fixtures.fairview.id);
    c = { ...fixtures, spareUrlId: spareUrl.id, spareVideoId: spareVideo.id, spareListingId: spareListing.id, imageKey: image.key, errorReportId: errorReport.id, ...newsroom };
    agents = { signedOut: await t.signedOutAgent(), member: await t.memberAgent(), admin: await t.adminAgent() };
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(ROUTES)('%s', async (_name, route) => {
    const seen: Record<string, number> = {};
    for (const role of ['signedOut', 'member', 'admin'] as const) {
      let req = agents[role][route.method](route.path(c));
      if (route.attach) req = route.attach(req, c);
      else if (route.body) req = req.send(route.body(c));
      const res = await req;
      seen[role] = res.status;
      if (res.status >= 400) expect(res.body).toHaveProperty('error.code');
    }
    expect(seen).toEqual(route.expect);
  });
});
