import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, signInForHeaders, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { errorHandler } from './errors.js';
import { createPublicCache, type PublicCache } from './public-cache.js';
import { AppError, createSilentLogger } from '../../core/index.js';

/** An app whose one cached route answers a counter that the test moves, on a clock the test moves. */
function counterApp(options: { ttlMs: number; maxEntries?: number }) {
  const state = { value: 1, loads: 0, clock: 0, fail: false, gate: null as Promise<void> | null };
  const cache: PublicCache = createPublicCache({ ...options, now: () => state.clock });
  const app = express();
  app.get(
    '/count/:name',
    cache.serve(async (req) => {
      state.loads += 1;
      const seen = state.value;
      if (state.gate) await state.gate;
      if (state.fail) throw new Error('database down');
      return { name: req.params.name, value: seen };
    }),
  );
  app.post(
    '/count',
    cache.invalidates((_req, res) => {
      state.value += 1;
      res.status(204).end();
    }),
  );
  // A write that does not touch what is cached (an analytics event): not wrapped.
  app.post('/event', (_req, res) => {
    res.status(202).end();
  });
  app.post(
    '/refused',
    cache.invalidates((_req, res) => {
      res.status(403).json({ error: { code: 'FORBIDDEN', message: 'no' } });
    }),
  );
  app.post(
    '/throws',
    cache.invalidates(async () => {
      await Promise.resolve();
      throw new AppError('BAD_INPUT', 'no');
    }),
  );
  app.use(errorHandler(createSilentLogger()));
  return { app: supertest(app), state, cache };
}

describe('the public read cache', () => {
  it('answers from the cache until the time to live has passed', async () => {
    const { app, state } = counterApp({ ttlMs: 2_000 });
    expect((await app.get('/count/a').expect(200).expect('Content-Type', /application\/json/)).body).toEqual({ name: 'a', value: 1 });
    state.value = 2; // a change made by another process: the cache cannot know
    state.clock = 1_999;
    expect((await app.get('/count/a').expect(200)).body).toEqual({ name: 'a', value: 1 });
    state.clock = 2_000;
    expect((await app.get('/count/a').expect(200)).body).toEqual({ name: 'a', value: 2 });
    expect(state.loads).toBe(2);
  });

  it('keys by the whole URL', async () => {
    const { app, state } = counterApp({ ttlMs: 2_000 });
    await app.get('/count/a').expect(200);
    await app.get('/count/a?limit=3').expect(200);
    await app.get('/count/b').expect(200);
    await app.get('/count/b').expect(200);
    expect(state.loads).toBe(3);
  });

  it('is emptied by a write handled here, so the next read sees it', async () => {
    const { app, state } = counterApp({ ttlMs: 60_000 });
    await app.get('/count/a').expect(200);
    await app.post('/count').expect(204);
    expect((await app.get('/count/a').expect(200)).body).toEqual({ name: 'a', value: 2 });
    expect(state.loads).toBe(2);
  });

  it('is not emptied by a refused write, answered or thrown, nor by a write that is not marked', async () => {
    const { app, state } = counterApp({ ttlMs: 60_000 });
    await app.get('/count/a').expect(200);
    await app.post('/refused').expect(403);
    await app.post('/throws').expect(400);
    await app.post('/event').expect(202);
    await app.get('/count/a').expect(200);
    expect(state.loads).toBe(1);
  });

  it('never stores an answer loaded before a write that finished while it loaded', async () => {
    const { app, state } = counterApp({ ttlMs: 60_000 });
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const early = app.get('/count/a').then((res) => res.body as unknown);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the read has read value 1 and waits
    state.gate = null;
    await app.post('/count').expect(204);
    open();
    expect(await early).toEqual({ name: 'a', value: 1 });
    expect((await app.get('/count/a').expect(200)).body).toEqual({ name: 'a', value: 2 });
  });

  it('makes concurrent readers of one URL share one load', async () => {
    const { app, state } = counterApp({ ttlMs: 2_000 });
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const readers = Array.from({ length: 10 }, () => app.get('/count/a').then((res) => res.body as unknown));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    expect(await Promise.all(readers)).toEqual(Array.from({ length: 10 }, () => ({ name: 'a', value: 1 })));
    expect(state.loads).toBe(1);
  });

  it('keeps no failed answer', async () => {
    const { app, state } = counterApp({ ttlMs: 2_000 });
    state.fail = true;
    await app.get('/count/a').expect(500);
    state.fail = false;
    expect((await app.get('/count/a').expect(200)).body).toEqual({ name: 'a', value: 1 });
    expect(state.loads).toBe(2);
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const { app, state } = counterApp({ ttlMs: 60_000, maxEntries: 2 });
    await app.get('/count/a').expect(200);
    await app.get('/count/b').expect(200);
    await app.get('/count/c').expect(200);
    await app.get('/count/c').expect(200);
    await app.get('/count/b').expect(200);
    expect(state.loads).toBe(3);
    await app.get('/count/a').expect(200);
    expect(state.loads).toBe(4);
  });

  it('keys by audience too: a staff answer is never served to the public, nor the reverse', async () => {
    const loads: string[] = [];
    // The audience as the test says (a header), not from a session.
    const cache = createPublicCache({ ttlMs: 60_000, now: () => 0, audienceOf: async (req) => (req.get('x-staff') ? 'staff' : 'public') });
    const app = express();
    app.get(
      '/cities',
      cache.serve(async (_req, audience) => {
        loads.push(audience);
        return audience === 'staff' ? ['Alder', 'Cedar'] : ['Alder'];
      }),
    );
    const agent = supertest(app);
    expect((await agent.get('/cities').set('x-staff', '1').expect(200)).body).toEqual(['Alder', 'Cedar']);
    expect((await agent.get('/cities').expect(200)).body).toEqual(['Alder']);
    expect((await agent.get('/cities').expect(200)).body).toEqual(['Alder']);
    expect((await agent.get('/cities').set('x-staff', '1').expect(200)).body).toEqual(['Alder', 'Cedar']);
    // One load per audience, each then answered from its own entry.
    expect(loads).toEqual(['staff', 'public']);
  });

  it('loads every time with a time to live of 0', async () => {
    const { app, state } = counterApp({ ttlMs: 0 });
    await app.get('/count/a').expect(200);
    await app.get('/count/a').expect(200);
    expect(state.loads).toBe(2);
  });
});

describe.each(TEST_ENGINES)('cached city reads on %s', (engine) => {
  let t: TestApp;
  let admin: TestAgent;
  let visitor: TestAgent;
  let f: ResourceFixtures;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { publicCacheTtlMs: 60_000 } });
    f = await seedResources(t.core);
    admin = await t.adminAgent();
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it("show an admin's edit on the very next read", async () => {
    const path = `/api/cities/${f.fairview.location_key}/videos`;
    const before = (await visitor.get(path).expect(200)).body as { id: string; title: string }[];
    expect(before.map((v) => v.id)).toContain(f.video.id);
    await admin.patch(`/api/admin/videos/${f.video.id}`).send({ title: 'Renamed after caching' }).expect(200);
    const after = (await visitor.get(path).expect(200)).body as { id: string; title: string }[];
    expect(after.find((v) => v.id === f.video.id)?.title).toBe('Renamed after caching');
  });

  /** A change the cache cannot know about (as from another process): shows only once the cache is emptied. */
  async function changeBehindTheCache(tagLine: string): Promise<void> {
    await t.db.updateTable('cities').set({ tag_line: tagLine }).where('id', '=', f.fairview.id).execute();
  }
  const cityPath = () => `/api/cities/${f.fairview.location_key}`;
  const tagLine = async () => ((await visitor.get(cityPath()).expect(200)).body as { tag_line: string | null }).tag_line;

  it('are not emptied by writes that cannot change them: analytics events, contact, city requests', async () => {
    const cached = await tagLine();
    await changeBehindTheCache('changed behind the cache');
    await visitor.post('/api/events').send({ name: 'page_view', path: '/' }).expect(202);
    await visitor.post('/api/contact').send({ email: 'c@example.org', topic: 'Feedback', message: 'Hi' }).expect(201);
    await visitor.post('/api/city-requests').send({ state: 'Ohio', city_name: 'Dayton', email: 'd@example.org' }).expect(201);
    expect(await tagLine()).toBe(cached);
  });

  it('are not emptied by a refused city update', async () => {
    await admin.patch(`/api/admin/cities/${f.fairview.id}`).send({ tag_line: 'warm-up' }).expect(200);
    expect(await tagLine()).toBe('warm-up');
    await changeBehindTheCache('changed behind the cache');
    await admin.patch(`/api/admin/cities/${f.fairview.id}`).send({ tag_line: 7 }).expect(400);
    await (await t.memberAgent()).patch(`/api/admin/cities/${f.fairview.id}`).send({ tag_line: 'member' }).expect(403);
    await visitor.patch(`/api/admin/cities/${f.fairview.id}`).send({ tag_line: 'visitor' }).expect(401);
    expect(await tagLine()).toBe('warm-up');
  });

  it('are emptied by a city update once it is committed, even when its client left before the answer', async () => {
    const user = await t.createUser({ admin: true });
    const { cookie, csrfToken } = await signInForHeaders(t.app, user);
    await admin.patch(`/api/admin/cities/${f.fairview.id}`).send({ tag_line: 'cached' }).expect(200);
    expect(await tagLine()).toBe('cached');

    // Hold the update until the client has gone.
    const original = t.core.cities.updateCity.bind(t.core.cities);
    let entered!: () => void;
    let release!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(t.core.cities, 'updateCity').mockImplementation(async (...args) => {
      entered();
      await gate;
      return original(...args);
    });
    const server = t.app.listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const body = JSON.stringify({ tag_line: 'saved after the client left' });
      const request = http.request({
        port: (server.address() as AddressInfo).port,
        host: '127.0.0.1',
        method: 'PATCH',
        path: `/api/admin/cities/${f.fairview.id}`,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: cookie, 'X-CSRF-Token': csrfToken },
      });
      request.on('error', () => undefined);
      const closed = new Promise((resolve) => server.once('request', (_req, res: http.ServerResponse) => res.once('close', resolve)));
      request.end(body);
      await inHandler;
      request.destroy();
      await closed;
      release();
      await vi.waitFor(async () => expect(await tagLine()).toBe('saved after the client left'), { timeout: 2_000, interval: 20 });
    } finally {
      spy.mockRestore();
      server.closeAllConnections();
      server.close();
    }
  });

  it('still answer an unknown city with 404 every time', async () => {
    await visitor.get('/api/cities/atlantis-zz/videos').expect(404);
    await t.db.insertInto('cities').values({ name: 'Atlantis', state: 'ZZ', location_key: 'atlantis-zz', status: 'Live' }).execute();
    await visitor.get('/api/cities/atlantis-zz/videos').expect(200);
  });
});
