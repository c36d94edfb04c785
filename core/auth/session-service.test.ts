import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createSessionService } from './session-service.js';

const DAY = 24 * 60 * 60_000;

describe.each(TEST_ENGINES)('session service on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores, reads, touches and destroys sessions', async () => {
    const sessions = createSessionService(database.db);
    const expires = new Date(Date.now() + DAY);
    await sessions.set('sid-1', { cookie: { path: '/' }, csrfBound: true }, expires, null);
    expect(await sessions.get('sid-1')).toEqual({ cookie: { path: '/' }, csrfBound: true });
    await sessions.set('sid-1', { cookie: { path: '/' }, n: 2 }, expires, null);
    expect(await sessions.get('sid-1')).toEqual({ cookie: { path: '/' }, n: 2 });
    await sessions.touch('sid-1', new Date(Date.now() - 1000));
    expect(await sessions.get('sid-1')).toBeUndefined();
    await sessions.set('sid-2', {}, expires, null);
    await sessions.destroy('sid-2');
    expect(await sessions.get('sid-2')).toBeUndefined();
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    let now = new Date();
    const sessions = createSessionService(database.db, { absoluteMs: 30 * DAY, now: () => now });
    await sessions.set('old', { a: 1 }, new Date(now.getTime() + 7 * DAY), null);
    now = new Date(now.getTime() + 29 * DAY);
    await sessions.touch('old', new Date(now.getTime() + 7 * DAY));
    expect(await sessions.get('old')).toEqual({ a: 1 });
    now = new Date(now.getTime() + 2 * DAY);
    expect(await sessions.get('old')).toBeUndefined();
    expect(await database.db.selectFrom('sessions').select('sid').where('sid', '=', 'old').execute()).toEqual([]);
  });

  it('prunes expired sessions', async () => {
    const sessions = createSessionService(database.db);
    await sessions.set('gone', {}, new Date(Date.now() - 1000), null);
    await sessions.set('kept', {}, new Date(Date.now() + DAY), null);
    expect(await sessions.prune()).toBeGreaterThanOrEqual(1);
    expect(await database.db.selectFrom('sessions').select('sid').where('sid', '=', 'gone').execute()).toEqual([]);
    expect(await sessions.get('kept')).toEqual({});
  });
});
