import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const STRONG = 'paper lanterns at dusk';
let counter = 0;
const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((cookie) => cookie.startsWith('tc.sid='))?.split(';')[0];
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

describe.each(TEST_ENGINES)('email confirmation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { signup: 100, perEmail: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails a link to the web app on PUBLIC_URL, whatever Host the request names', async () => {
    const email = newEmail('host');
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/signup').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').send({ email, password: STRONG }).expect(200);
    const link = await t.outbox.confirmLinkFor(email);
    expect(t.core.config.publicUrl).toBe('http://localhost:3000');
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?confirm=[\w-]{43}$/);
    expect((await t.outbox.latestTo(email)).text).not.toContain('evil.example');
  });

  it('GET of an old link only redirects to the auth page: a mail scanner cannot use the token up', async () => {
    const email = newEmail('scanner');
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/signup').send({ email, password: STRONG }).expect(200);
    const token = await t.outbox.confirmTokenFor(email);
    for (let fetches = 0; fetches < 2; fetches += 1) {
      await visitor.agent.get(`/api/auth/confirm?token=${token}&utm_source=mail`).expect(303).expect('Location', `/auth?confirm=${token}`);
    }
    await visitor.agent.get('/api/auth/confirm').expect(303).expect('Location', '/auth');
    await visitor.agent.get('/api/auth/confirm?token=%2F%2Fevil.example').expect(303).expect('Location', '/auth?confirm=%2F%2Fevil.example');
    const row = await t.db.selectFrom('users').select('email_confirmed_at').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeNull();
    await visitor.post('/api/auth/confirm').send({ token }).expect(200, { confirmed: true });
  });

  it('POST confirms without signing in and leaves the current session alone', async () => {
    const email = newEmail('confirm');
    const member = await t.memberAgent();
    await member.post('/api/auth/signup').send({ email, password: STRONG }).expect(200);
    const token = await t.outbox.confirmTokenFor(email);
    const res = await member.post('/api/auth/confirm').send({ token }).expect(200);
    expect(res.body).toEqual({ confirmed: true });
    // Still the member, in the same session (rolling expiry re-sends its cookie), with the same CSRF token.
    const session = await member.get('/api/auth/session').expect(200);
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).toBe(sessionCookie(session));
    expect(session.body.csrfToken).toBe(member.csrfToken);
    expect(session.body.user).toMatchObject({ id: member.user!.id });
    await member.patch('/api/profile').send({ home_city_key: 'nowhere-zz' }).expect(400);
    // The confirmed owner signs in with the password the link was sent for.
    const owner = await t.signedOutAgent();
    await owner.post('/api/auth/login').send({ email, password: STRONG }).expect(200);
  });

  it('refuses a bad, used or missing token with a clear 400, and a request without the CSRF token with 403', async () => {
    const visitor = await t.signedOutAgent();
    const expected = { error: { code: 'BAD_INPUT', message: 'The confirmation link is invalid or has expired' } };
    expect((await visitor.post('/api/auth/confirm').send({ token: 'x'.repeat(43) }).expect(400)).body).toEqual(expected);
    expect((await visitor.post('/api/auth/confirm').send({ token: 'short' }).expect(400)).body).toEqual(expected);
    const missing = await visitor.post('/api/auth/confirm').send({}).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'BAD_INPUT', message: expected.error.message });

    const email = newEmail('csrf');
    await visitor.post('/api/auth/signup').send({ email, password: STRONG }).expect(200);
    const token = await t.outbox.confirmTokenFor(email);
    await visitor.agent.post('/api/auth/confirm').send({ token }).expect(403);
    await visitor.post('/api/auth/confirm').send({ token }).expect(200);
    expect((await visitor.post('/api/auth/confirm').send({ token }).expect(400)).body).toEqual(expected);
  });

  it("confirms each sign-up's own password: a second sign-up cannot replace the owner's", async () => {
    const email = newEmail('race');
    const owner = await t.signedOutAgent();
    await owner.post('/api/auth/signup').send({ email, password: STRONG }).expect(200);
    const ownersToken = await t.outbox.confirmTokenFor(email);
    const attacker = await t.signedOutAgent();
    await attacker.post('/api/auth/signup').send({ email, password: 'the attacker knows this' }).expect(200);
    const attackersToken = await t.outbox.confirmTokenFor(email);
    expect(attackersToken).not.toBe(ownersToken);

    await owner.post('/api/auth/confirm').send({ token: ownersToken }).expect(200);
    await attacker.post('/api/auth/login').send({ email, password: 'the attacker knows this' }).expect(401);
    await attacker.post('/api/auth/confirm').send({ token: attackersToken }).expect(400);
    await owner.post('/api/auth/login').send({ email, password: STRONG }).expect(200);
  });
});
