import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, TestAgent, type TestApp } from '../testing/test-app.js';

const cookieNames = (res: supertest.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((cookie) => cookie.split('=')[0]);

describe.each(TEST_ENGINES)('sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedSessions = async () => (await t.db.selectFrom('sessions').select('sid').where('user_id', 'is', null).execute()).length;

  it('stores nothing for a signed-out visitor, whose CSRF token still guards their POSTs', async () => {
    const before = await storedSessions();
    const visitor = new TestAgent(t.app);
    const res = await visitor.agent.get('/api/auth/session').expect(200);
    expect(res.body).toEqual({ user: null, isAdmin: false, csrfToken: expect.any(String), expires_at: null });
    expect(cookieNames(res).sort()).toEqual(['tc.csrf', 'tc.visitor']);
    visitor.csrfToken = res.body.csrfToken as string;
    // The same token on a later visit, and still no row.
    expect((await visitor.agent.get('/api/auth/session').expect(200)).body.csrfToken).toBe(visitor.csrfToken);
    expect(await storedSessions()).toBe(before);

    const message = { email: 'visitor@example.org', topic: 'Feedback', message: 'Hello' };
    await visitor.post('/api/contact').send(message).expect(201);
    await visitor.agent.post('/api/contact').send(message).expect(403);
    // Another visitor's token (bound to their own visitor id) does not pass.
    const other = await t.signedOutAgent();
    await visitor.agent.post('/api/contact').set('X-CSRF-Token', other.csrfToken).send(message).expect(403);
    // Nor does a token with no visitor cookie to bind it to.
    await supertest(t.app).post('/api/contact').set('X-CSRF-Token', visitor.csrfToken).send(message).expect(403);
    expect(await storedSessions()).toBe(before);
  });

  it('tells a signed-in user when the session expires, and each call extends it, stored row included', async () => {
    const member = await t.memberAgent();
    const first = await member.get('/api/auth/session').expect(200);
    const expiresAt = Date.parse(first.body.expires_at as string);
    expect(first.body.expires_at).toBe(new Date(expiresAt).toISOString());
    expect(Math.abs(expiresAt - (Date.now() + SESSION_IDLE_MS))).toBeLessThan(10_000);

    // As if the last visit were long ago: the row would expire within the minute.
    const soon = new Date(Date.now() + 60_000);
    await t.db.updateTable('sessions').set({ expires_at: soon }).where('user_id', '=', member.user!.id).execute();
    const again = await member.get('/api/auth/session').expect(200);
    const extended = Date.parse(again.body.expires_at as string);
    expect(extended).toBeGreaterThanOrEqual(expiresAt);
    const row = await t.db.selectFrom('sessions').select('expires_at').where('user_id', '=', member.user!.id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBe(extended);
  });

  it('signs in with a password typed in composed or decomposed Unicode alike', async () => {
    const composed = 'cr\u00e8me br\u00fbl\u00e9e pour deux';
    const decomposed = 'cre\u0300me bru\u0302le\u0301e pour deux';
    expect(decomposed).not.toBe(composed);
    const user = await t.createUser({ password: composed });
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/login').send({ email: user.email, password: decomposed }).expect(200);
  });
});
