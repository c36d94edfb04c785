import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { errorHandler } from './errors.js';
import { createPublicCache, type PublicCache } from './public-cache.js';
import { createSilentLogger } from '../../core/index.js';

/** An app whose one cached route answers a counter that the test moves, on a clock the test moves. */
function counterApp(options: { ttlMs: number; maxEntries?: number }) {
  const state = { value: 1, loads: 0, clock: 0, fail: false, gate: null as Promise<void> | null };
  const cache: PublicCache = createPublicCache({ ...options, now: () => state.clock });
  const app = express();
  app.use(cache.invalidateOnWrite);
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
  app.post('/count', (_req, res) => {
    state.value += 1;
    res.status(204).end();
  });
  app.post('/refused', (_req, res) => {
    res.status(403).json({ error: { code: 'FORBIDDEN', message: 'no' } });
  });
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

  it('is not emptied by a refused write', async () => {
    const { app, state } = counterApp({ ttlMs: 60_000 });
    await app.get('/count/a').expect(200);
    await app.post('/refused').expect(403);
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

  it('still answer an unknown city with 404 every time', async () => {
    await visitor.get('/api/cities/atlantis-zz/videos').expect(404);
    await t.core.db.insertInto('cities').values({ name: 'Atlantis', state: 'ZZ', location_key: 'atlantis-zz', status: 'Live' }).execute();
    await visitor.get('/api/cities/atlantis-zz/videos').expect(200);
  });
});
