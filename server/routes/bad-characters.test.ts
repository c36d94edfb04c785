import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { buildPng } from '../../core/testing/tiny-png.js';
import { createApp } from '../app.js';
import { NUL_MESSAGE } from '../middleware/reject-nul.js';
import { seedResources, snapshotTables, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { capturedLogger } from '../testing/captured-logger.js';
import { fillPattern, listRoutes, paramsOf } from '../testing/route-table.js';
import { createTestApp, TestAgent, type TestApp } from '../testing/test-app.js';
import { WRITE_ROUTES, type WriteRoute } from '../testing/write-routes.js';
import { PAGE_PATTERNS } from '../web/page-meta.js';

const NUL = '\u0000';

/** Path segments no route may choke on, as they arrive percent-encoded. */
const HOSTILE_SEGMENTS: Record<string, string> = {
  NUL: '%00',
  'NUL inside': 'a%00b',
  'a truncated escape': '%E0%A4%A',
  'a non-hex escape': '%zz',
  'invalid UTF-8': '%C3%28',
  'a lone 0xFF byte': '%FF',
  'a 10,000-character id': 'x'.repeat(10_000),
};

/** Write routes outside the resource routers: sign-up, sign-in, codes, the profile. */
const ACCOUNT_ROUTES: Record<string, WriteRoute & { as: 'visitor' | 'member' }> = {
  'POST /api/auth/signup': { as: 'visitor', method: 'post', path: () => '/api/auth/signup', valid: (f) => ({ email: 'new@example.org', password: 'a long enough passphrase', homeCityKey: f.fairview.location_key }) },
  'POST /api/auth/login': { as: 'visitor', method: 'post', path: () => '/api/auth/login', valid: () => ({ email: 'someone@example.org', password: 'a long enough passphrase' }) },
  'POST /api/auth/otp': { as: 'visitor', method: 'post', path: () => '/api/auth/otp', valid: () => ({ email: 'someone@example.org', mode: 'login' }) },
  'POST /api/auth/otp/verify': { as: 'visitor', method: 'post', path: () => '/api/auth/otp/verify', valid: (f) => ({ email: 'someone@example.org', token: '123456', homeCityKey: f.fairview.location_key, type: 'email' }) },
  'PATCH /api/profile': { as: 'member', method: 'patch', path: () => '/api/profile', valid: (f) => ({ home_city_key: f.riverton.location_key }) },
};

/** One body per text in `body` (nested values and object keys too), that text with a NUL in it. */
function withNulInEachText(body: unknown, at: string[] = []): [string, unknown][] {
  if (typeof body === 'string') return [[at.join('.'), `${body.slice(0, 1)}${NUL}${body.slice(1)}`]];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const variants: [string, unknown][] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const [where, broken] of withNulInEachText(value, [...at, key])) variants.push([where, { ...body, [key]: broken }]);
    if (at.length > 0) variants.push([`key ${[...at, key].join('.')}`, { ...Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)), [`${key}${NUL}`]: value }]);
  }
  return variants;
}

describe('withNulInEachText', () => {
  it('breaks every text once, nested values and keys included', () => {
    const variants = withNulInEachText({ name: 'a', n: 1, properties: { tab: 'x' } });
    expect(variants.map(([where]) => where)).toEqual(['name', 'properties.tab', 'key properties.tab']);
    expect(variants[1]?.[1]).toEqual({ name: 'a', n: 1, properties: { tab: `x${NUL}` } });
  });
});

describe.each(TEST_ENGINES)('NUL characters, bad escapes and broken multipart on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  let member: TestAgent;
  let visitor: TestAgent;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { app: { webDist } });
    f = await seedResources(t.core);
    admin = await t.adminAgent();
    member = await t.memberAgent();
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  /** A 400 BAD_INPUT (with `message` when given) and not one row changed. */
  async function expectBadInput(label: string, send: () => supertest.Test, message?: RegExp): Promise<void> {
    const before = await snapshotTables(t.core);
    const res = await send();
    expect(res.status, `${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
    expect(res.body.error.code, label).toBe('BAD_INPUT');
    if (message) expect(res.body.error.message, label).toMatch(message);
    expect(await snapshotTables(t.core), `${label} changed the database`).toBe(before);
  }

  const nulMessage = new RegExp(NUL_MESSAGE.replace(/[\\()]/g, '\\$&'));

  it.each(Object.entries({ ...WRITE_ROUTES, ...ACCOUNT_ROUTES }))('%s: NUL in any text field', async (name, route) => {
    const agent = 'as' in route ? (route.as === 'member' ? member : visitor) : admin;
    const variants = withNulInEachText(route.valid(f));
    expect(variants.length).toBeGreaterThan(0);
    for (const [where, body] of variants) {
      await expectBadInput(`${name} with NUL in ${where}`, () => agent[route.method](route.path(f)).send(body as object), nulMessage);
    }
  });

  it('NUL in the query of every read that takes one, and in path parameters', async () => {
    const key = f.fairview.location_key;
    const reads = [
      `/api/cities/${key}/videos?limit=1%00`,
      '/api/search?q=bridge%00',
      `/api/search?q=bridge&city=${key}%00`,
      '/api/businesses?city=fair%00view',
      '/api/auth/confirm?token=abc%00',
      '/api/admin/businesses?q=zeta%00',
      '/api/admin/businesses?letter=Z%00',
      `/api/admin/videos?cityId=${f.fairview.id}%00`,
      `/api/admin/pipeline?cityId=${f.fairview.id}%00`,
      '/api/cities?x=%00',
      `/api/cities/${key}%00`,
      `/api/cities/${key}%00/videos`,
      '/api/videos/%00abc',
      '/api/businesses/zeta%00',
      '/api/storage/business-images/a%00.png',
    ];
    for (const url of reads) await expectBadInput(`GET ${url}`, () => admin.get(url), nulMessage);
    await expectBadInput('POST with NUL in the query', () => visitor.post('/api/contact?ref=%00').send(WRITE_ROUTES['POST /api/contact']!.valid(f)), nulMessage);
  });

  it('every route and page answers 400 to a hostile path parameter, and logs no error', async () => {
    // The routes come from the app's own router (a new one is covered without listing it); the
    // pages behind the app shell's catch-all from page-meta, the ones that read the database.
    const { logger, errors } = capturedLogger();
    const app = createApp({ ...t.core, logger }, { webDist });
    const agent = new TestAgent(app);
    await agent.signIn(await t.createUser({ admin: true }));
    const routes = [...listRoutes(app), ...PAGE_PATTERNS.map((path) => ({ method: 'get', path }))];
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/videos/:id', '/{*splat}', '/story/:videoId']));
    const answers: string[] = [];
    for (const { method, path: pattern } of routes) {
      for (const param of paramsOf(pattern)) {
        for (const [label, bad] of Object.entries(HOSTILE_SEGMENTS)) {
          const url = fillPattern(pattern, (name) => (name === param ? bad : 'a'));
          const res = await agent[method as 'get' | 'post' | 'patch' | 'delete'](url).send({});
          // API answers are JSON errors, pages the app shell: a browser shows its error view.
          const answer = url.startsWith('/api/') ? res.body.error?.code : res.type;
          answers.push(`${method.toUpperCase()} ${pattern} with ${label} in :${param}: ${res.status} ${answer}`);
        }
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((line) => !/: 400 (BAD_INPUT|text\/html)$/.test(line))).toEqual([]);
    expect(errors()).toEqual([]);
  });

  it('malformed multipart uploads are a 400 that stores nothing', async () => {
    const png = buildPng();
    const part = (boundary: string, filename = 'filename="a.png"') =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filename}\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (contentType: string, body: Buffer) => () =>
      admin.post('/api/admin/uploads/business-images').set('Content-Type', contentType).send(body);
    const whole = part('xyz');
    await expectBadInput('no boundary', upload('multipart/form-data', whole));
    await expectBadInput('a boundary the body does not use', upload('multipart/form-data; boundary=other', whole));
    await expectBadInput('a truncated body', upload('multipart/form-data; boundary=xyz', whole.subarray(0, whole.length - 30)));
    await expectBadInput('a body cut inside the part headers', upload('multipart/form-data; boundary=xyz', whole.subarray(0, 40)));
    await expectBadInput('a raw NUL in the part headers', () => admin.post('/api/admin/uploads/business-images').attach('file', png, `a${NUL}.png`));
    await expectBadInput('NUL in the file name', upload('multipart/form-data; boundary=xyz', part('xyz', "filename*=UTF-8''a%00.png")), nulMessage);
    await expectBadInput('NUL in a form field', () => admin.post('/api/admin/uploads/business-images').field('business_id', `${f.listings[0]?.id}${NUL}`).attach('file', png, 'a.png'), nulMessage);
    // The route still works afterwards.
    await admin.post('/api/admin/uploads/business-images').attach('file', png, 'a.png').expect(201);
  });
});
