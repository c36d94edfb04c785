import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { buildPng } from '../../core/testing/tiny-png.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, snapshotTables, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { NO_SUCH_ID, NOT_AN_ID, WRITE_ROUTES, type WriteRoute } from '../testing/write-routes.js';

/** Every way of breaking a valid body: missing fields, wrong types, oversize, unknown field, not an object. */
function badBodies(route: WriteRoute, f: ResourceFixtures): [string, unknown][] {
  const valid = route.valid(f);
  const variants: [string, unknown][] = [
    ['empty object', {}],
    ['unknown field', { ...valid, isAdmin: true }],
    ['array body', [valid]],
    ['string body', 'hello'],
    ['null body', null],
  ];
  for (const field of Object.keys(valid)) {
    const { [field]: _dropped, ...rest } = valid;
    if (route.method === 'post' && Object.keys(rest).length > 0) variants.push([`without ${field}`, rest]);
    for (const wrong of route.wrongTypes?.[field] ?? [12345, ['x'], true]) variants.push([`${field} = ${JSON.stringify(wrong)}`, { ...valid, [field]: wrong }]);
    variants.push([`${field} oversize`, { ...valid, [field]: 'x'.repeat(route.oversize?.[field] ?? 100_001) }]);
  }
  // A POST whose only required field went missing is the "empty object" case; an optional
  // field dropped from a valid POST may be fine, so keep only the variants that must fail.
  const optional = (field: string) => optionalFields.has(field) || (route.optional ?? []).includes(field);
  return variants.filter(([name]) => !(name.startsWith('without ') && optional(name.slice(8))));
}

const optionalFields = new Set(['phone', 'properties', 'path', 'videoId', 'transcript', 'title', 'description', 'additionalContext', 'state', 'status', 'primary_color', 'content_type', 'source_type']);

describe.each(TEST_ENGINES)('bad input on every write route on %s', (engine) => {
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

  async function expectRefusedUnchanged(label: string, send: () => supertest.Test): Promise<void> {
    const before = await snapshotTables(t.core);
    const res = await send();
    expect(res.status, `${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    expect(res.body, label).toHaveProperty('error.code');
    expect(await snapshotTables(t.core), `${label} changed the database`).toBe(before);
  }

  it.each(Object.entries(WRITE_ROUTES))('%s', async (name, route) => {
    for (const [variant, body] of badBodies(route, f)) {
      await expectRefusedUnchanged(`${name} with ${variant}`, () =>
        admin[route.method](route.path(f)).set('Content-Type', 'application/json').send(JSON.stringify(body)),
      );
    }
    await expectRefusedUnchanged(`${name} with invalid JSON`, () => admin[route.method](route.path(f)).set('Content-Type', 'application/json').send('{"name": '));
    const idPath = route.path(f).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, NOT_AN_ID);
    if (idPath !== route.path(f)) {
      await expectRefusedUnchanged(`${name} with a malformed id`, () => admin[route.method](idPath).send(route.valid(f)));
      const missing = route.path(f).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, NO_SUCH_ID);
      await expectRefusedUnchanged(`${name} with an unknown id`, () => admin[route.method](missing).send(route.valid(f)));
    }
  });

  it('DELETE routes: malformed and unknown ids', async () => {
    for (const path of ['/api/admin/urls/', '/api/admin/videos/']) {
      await expectRefusedUnchanged(`DELETE ${path}${NOT_AN_ID}`, () => admin.delete(`${path}${NOT_AN_ID}`));
      await expectRefusedUnchanged(`DELETE ${path}${NO_SUCH_ID}`, () => admin.delete(`${path}${NO_SUCH_ID}`));
    }
  });

  it('semantic refusals: spec messages, and nothing written', async () => {
    const cases: [string, () => supertest.Test, string][] = [
      ['no transcript', () => admin.post('/api/functions/analyzeVideoTranscript').send({ recordId: f.bareVideo.id }), 'Video must have a transcript to run analysis'],
      ['no analysis', () => admin.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id }), 'Analysis results are required to generate a story'],
      ['blank url', () => admin.post('/api/functions/fetchYoutubeVideos').send({ url: '   ', cityId: f.fairview.id }), 'URL is required to refresh videos'],
      ['no url', () => admin.post('/api/functions/fetchYoutubeVideos').send({ cityId: f.fairview.id }), 'URL is required to refresh videos'],
      ['city without county', () => admin.post('/api/admin/cities').send({ name: 'Nowhere', county: '  ' }), 'Name and county are required'],
      ['city without name', () => admin.post('/api/admin/cities').send({ county: 'Larch' }), 'Name and county are required'],
      ['blank name edit', () => admin.patch(`/api/admin/cities/${f.fairview.id}`).send({ name: ' ' }), 'Name and county are required'],
    ];
    for (const [label, send, message] of cases) {
      const before = await snapshotTables(t.core);
      const res = await send();
      expect(res.status, label).toBe(400);
      expect(res.body.error.message, label).toBe(message);
      expect(await snapshotTables(t.core), label).toBe(before);
    }
    for (const [label, body] of [
      ['unknown state', { name: 'X', county: 'Y', state: 'Atlantis' }],
      ['bad status', { name: 'X', county: 'Y', status: 'Published' }],
      ['bad colour', { name: 'X', county: 'Y', primary_color: 'blue' }],
      ['duplicate key', { name: 'Fairview', county: 'Y', location_key: f.fairview.location_key }],
    ] as const) {
      await expectRefusedUnchanged(label, () => admin.post('/api/admin/cities').send(body));
    }
    await expectRefusedUnchanged('video url that is not YouTube', () => admin.post(`/api/admin/cities/${f.fairview.id}/urls`).send({ url: 'https://vimeo.com/1', content_type: 'video' }));
    await expectRefusedUnchanged('duplicate url', () => admin.post(`/api/admin/cities/${f.fairview.id}/urls`).send({ url: 'fixture:fairview-city-council' }));
    await expectRefusedUnchanged('bad tier', () => admin.patch(`/api/admin/businesses/${f.listings[0]?.id}`).send({ listing_tier: 'Gold' }));
    await expectRefusedUnchanged('script website', () => admin.patch(`/api/admin/businesses/${f.listings[0]?.id}`).send({ website: 'javascript:alert(1)' }));
    await expectRefusedUnchanged('bad admin list letter', () => admin.get('/api/admin/businesses?letter=AB'));
    await expectRefusedUnchanged('bad admin list page', () => admin.get('/api/admin/businesses?page=-1'));
    await expectRefusedUnchanged('bad admin video order', () => admin.get('/api/admin/videos?order=random'));
  });

  it('uploads: malformed multipart requests', async () => {
    const upload = () => admin.post('/api/admin/uploads/business-images');
    const cases: [string, () => supertest.Test][] = [
      ['no file', () => upload().field('business_id', f.listings[0]?.id ?? '')],
      ['JSON instead of multipart', () => upload().send({ file: 'abc' })],
      ['wrong field name', () => upload().attach('image', buildPng(), 'a.png')],
      ['two files', () => upload().attach('file', buildPng(), 'a.png').attach('file', buildPng(), 'b.png')],
      ['malformed business id', () => upload().field('business_id', NOT_AN_ID).attach('file', buildPng(), 'a.png')],
      ['unknown business', () => upload().field('business_id', NO_SUCH_ID).attach('file', buildPng(), 'a.png')],
      ['unknown field', () => upload().field('owner', 'me').attach('file', buildPng(), 'a.png')],
      ['text file', () => upload().attach('file', Buffer.from('just text'), 'a.png')],
      ['empty file', () => upload().attach('file', Buffer.alloc(0), 'a.png')],
    ];
    for (const [label, send] of cases) await expectRefusedUnchanged(`upload: ${label}`, send);
  });
});
