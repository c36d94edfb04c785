import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCity } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, TestAgent, TEST_PASSWORD, type TestApp } from '../testing/test-app.js';

const STRONG = 'paper lanterns at dusk';
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

/** The session cookie's id part, from a response's Set-Cookie. */
function sessionIdOf(res: supertest.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('tc.sid='))?.split(';')[0];
}

describe.each(TEST_ENGINES)('auth routes on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { otpSend: 100, signup: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, confirms by the emailed link without signing in, signs in, by code too, and signs out', async () => {
    const city = await buildCity(t.db);
    const email = newEmail('flow');
    const visitor = await t.signedOutAgent();

    const signup = await visitor.post('/api/auth/signup').send({ email, password: STRONG, homeCityKey: city.location_key }).expect(200);
    expect(signup.body).toEqual({ user: null, needsConfirmation: true });
    // (Reading the outbox waits for the account work the sign-up does after answering.)
    const token = await t.outbox.confirmTokenFor(email);
    // Not confirmed yet: the password does not open a session, and is answered as a wrong one.
    const early = await visitor.post('/api/auth/login').send({ email, password: STRONG }).expect(401);
    expect(early.body.error.message).toBe('Invalid login credentials');

    const confirmed = await visitor.post('/api/auth/confirm').send({ token }).expect(200);
    expect(confirmed.body).toEqual({ confirmed: true });
    // Confirming signs nobody in: the owner signs in with the password the link was sent for.
    expect((await visitor.get('/api/auth/session').expect(200)).body.user).toBeNull();
    await visitor.signIn({ email, password: STRONG });
    const session = await visitor.get('/api/auth/session').expect(200);
    expect(session.body.user).toMatchObject({ email });
    expect(session.body.user.email_confirmed_at).not.toBeNull();
    // The home city chosen at sign-up is applied on confirmation (spec §4), both ways (spec §3).
    const profile = await visitor.get('/api/profile').expect(200);
    expect(profile.body).toMatchObject({ home_city_key: city.location_key, preferences: { home_city_id: city.id }, role: 'member' });
    // The link works once.
    const again = await visitor.post('/api/auth/confirm').send({ token }).expect(400);
    expect(again.body).toEqual({ error: { code: 'BAD_INPUT', message: 'The confirmation link is invalid or has expired' } });

    await visitor.post('/api/auth/logout').expect(204);
    await visitor.refreshCsrf();
    expect((await visitor.get('/api/auth/session')).body.user).toBeNull();

    await visitor.post('/api/auth/otp').send({ email, mode: 'login' }).expect(202);
    const code = await t.outbox.codeFor(email);
    const verified = await visitor.post('/api/auth/otp/verify').send({ email, token: code }).expect(200);
    expect(verified.body.user).toMatchObject({ id: session.body.user.id, email });
    expect(verified.body.csrfToken).toEqual(expect.any(String));
    visitor.csrfToken = verified.body.csrfToken as string;
    await visitor.get('/api/profile').expect(200);

    await visitor.post('/api/auth/logout').expect(204);
    await visitor.agent.get('/api/profile').expect(401);
  });

  it('signs in with a password and returns the user', async () => {
    const user = await t.createUser();
    const agent = await t.signedOutAgent();
    const res = await agent.post('/api/auth/login').send({ email: user.email.toUpperCase(), password: TEST_PASSWORD }).expect(200);
    expect(res.body.user).toEqual({ id: user.id, email: user.email, email_confirmed_at: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    await agent.refreshCsrf();
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { id: user.id }, isAdmin: false });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await t.createUser();
    const agent = await t.signedOutAgent();
    const wrong = await agent.post('/api/auth/login').send({ email: user.email, password: 'not the password' });
    const unknown = await agent.post('/api/auth/login').send({ email: newEmail('nobody'), password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Invalid login credentials' } });
  });

  it('requires email and password to sign in', async () => {
    const agent = await t.signedOutAgent();
    const res = await agent.post('/api/auth/login').send({ email: '', password: '' }).expect(400);
    expect(res.body.error.message).toBe('You must provide either an email or phone number and a password');
  });

  it('refuses the right code after 5 wrong ones', async () => {
    const user = await t.createUser();
    const agent = await t.signedOutAgent();
    await agent.post('/api/auth/otp').send({ email: user.email, mode: 'login' }).expect(202);
    const code = await t.outbox.codeFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await agent.post('/api/auth/otp/verify').send({ email: user.email, token: wrong }).expect(401);
      expect(res.body.error.message).toBe('Token has expired or is invalid');
    }
    await agent.post('/api/auth/otp/verify').send({ email: user.email, token: code }).expect(401);
    expect((await agent.get('/api/auth/session')).body.user).toBeNull();
  });

  it('invalidates the old code when a new one is sent', async () => {
    const user = await t.createUser();
    const agent = await t.signedOutAgent();
    await agent.post('/api/auth/otp').send({ email: user.email, mode: 'login' }).expect(202);
    const first = await t.outbox.codeFor(user.email);
    let second = first;
    while (second === first) {
      await agent.post('/api/auth/otp').send({ email: user.email, mode: 'login' }).expect(202);
      second = await t.outbox.codeFor(user.email);
    }
    await agent.post('/api/auth/otp/verify').send({ email: user.email, token: first }).expect(401);
    await agent.post('/api/auth/otp/verify').send({ email: user.email, token: second }).expect(200);
  });

  it('wants exactly 6 digits', async () => {
    const agent = await t.signedOutAgent();
    for (const token of ['12345', '1234567', '12a456', '']) {
      const res = await agent.post('/api/auth/otp/verify').send({ email: 'a@example.org', token }).expect(400);
      expect(res.body.error.message).toBe('Please enter a valid 6-digit code');
    }
  });

  it('sends nothing for an unknown email in login mode, yet answers the same', async () => {
    const agent = await t.signedOutAgent();
    const email = newEmail('ghost');
    const res = await agent.post('/api/auth/otp').send({ email, mode: 'login' }).expect(202);
    expect(res.body).toEqual({ sent: true });
    expect((await t.outbox.messages()).some((message) => message.to === email)).toBe(false);
    const empty = await agent.post('/api/auth/otp').send({ email: '', mode: 'login' }).expect(400);
    expect(empty.body.error.message).toBe('Please enter your email address');
  });

  it('creates an account from a code only in signup mode, with the home city', async () => {
    const city = await buildCity(t.db);
    const agent = await t.signedOutAgent();
    const email = newEmail('code-signup');
    await agent.post('/api/auth/otp').send({ email, mode: 'signup' }).expect(202);
    const code = await t.outbox.codeFor(email);
    const res = await agent.post('/api/auth/otp/verify').send({ email, token: code, homeCityKey: city.location_key }).expect(200);
    expect(res.body.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    agent.csrfToken = res.body.csrfToken as string;
    const profile = await agent.get('/api/profile').expect(200);
    expect(profile.body.home_city_key).toBe(city.location_key);
  });

  it('refuses weak passwords with the reasons and missing credentials with the spec message', async () => {
    const agent = await t.signedOutAgent();
    const email = newEmail('weakling');
    const weak = await agent.post('/api/auth/signup').send({ email, password: 'Password1' }).expect(400);
    expect(weak.body.error.message).toBe('Password is too weak: it must not be a commonly used password.');
    const short = await agent.post('/api/auth/signup').send({ email, password: `${email.split('@')[0]}!x` }).expect(400);
    expect(short.body.error.message).toContain('not contain your email address');
    const missing = await agent.post('/api/auth/signup').send({ email }).expect(400);
    expect(missing.body.error.message).toBe('You must provide either an email or phone number and a password');
  });

  it('gives a new session id on sign-in (no session fixation), and a visitor none at all', async () => {
    const user = await t.createUser();
    const agent = new TestAgent(t.app);
    const before = await agent.agent.get('/api/auth/session').expect(200);
    agent.csrfToken = before.body.csrfToken as string;
    expect(sessionIdOf(before)).toBeUndefined();
    const login = await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    const first = sessionIdOf(login);
    expect(first).toBeDefined();
    // The visitor's token does not work in the signed-in session.
    await agent.post('/api/auth/logout').expect(403);
    await agent.refreshCsrf();
    await agent.post('/api/auth/logout').expect(204);
    // Signing in over a live session replaces its id too; the old id is signed out.
    await agent.refreshCsrf();
    await agent.signIn(user);
    const live = sessionIdOf(await agent.agent.get('/api/profile').expect(200)) ?? first!;
    await agent.refreshCsrf();
    const relogin = await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    expect(sessionIdOf(relogin)).toBeDefined();
    expect(sessionIdOf(relogin)).not.toBe(live);
    expect((await supertest(t.app).get('/api/auth/session').set('Cookie', live).expect(200)).body.user).toBeNull();
  });

  it('refuses a state-changing request without the CSRF token (403 CSRF_INVALID, the code the web app retries on)', async () => {
    const member = await t.memberAgent();
    const refusal = { error: { code: 'CSRF_INVALID', message: 'Invalid or missing CSRF token' } };
    const crossSite = await member.agent.post('/api/auth/logout').set('Origin', 'https://evil.example').expect(403);
    expect(crossSite.body).toEqual(refusal);
    expect((await member.agent.post('/api/auth/logout').set('X-CSRF-Token', 'forged.token').expect(403)).body).toEqual(refusal);
    // Another session's valid token does not help either.
    const other = await t.signedOutAgent();
    expect((await member.agent.post('/api/auth/logout').set('X-CSRF-Token', other.csrfToken).expect(403)).body).toEqual(refusal);
    expect((await member.get('/api/auth/session')).body.user).not.toBeNull();
  });

  it('reports admins in the session', async () => {
    const admin = await t.adminAgent();
    expect((await admin.get('/api/auth/session')).body.isAdmin).toBe(true);
    expect((await admin.get('/api/profile')).body.role).toBe('admin');
  });

  it('answers unknown API paths with JSON 404 and bad JSON with 400', async () => {
    const agent = await t.signedOutAgent();
    const missing = await agent.get('/api/no-such-thing').expect(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const bad = await agent.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(bad.body.error.code).toBe('BAD_INPUT');
  });
});

describe.each(TEST_ENGINES)('login rate limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { login: 3 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops failed sign-ins after the limit', async () => {
    const user = await t.createUser();
    const agent = await t.signedOutAgent();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await agent.post('/api/auth/login').send({ email: user.email, password: 'wrong password' }).expect(401);
    }
    const limited = await agent.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });
});
