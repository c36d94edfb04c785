import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const NEW_PASSWORD = 'a quiet harbour in winter';
const INVALID = { error: { code: 'BAD_INPUT', message: 'The password reset link is invalid or has expired' } };
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

describe.each(TEST_ENGINES)('password reset routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { signup: 100, otpSend: 100, perEmail: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Asks for a link as the web app does and returns the token the mailed link carries. */
  async function resetTokenFor(agent: TestAgent, email: string): Promise<string> {
    await agent.post('/api/auth/recover').send({ email }).expect(202, { sent: true });
    expect((await t.outbox.latestTo(email)).text).toContain(`${t.core.config.publicUrl}/auth?reset=`);
    return t.outbox.resetTokenFor(email);
  }

  it('answers 202 {sent: true} for every address and mails a link only to a confirmed account', async () => {
    const member = await t.createUser();
    const pending = newEmail('pending');
    const stranger = newEmail('stranger');
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/signup').send({ email: pending, password: 'paper lanterns at dusk' }).expect(200);
    await t.outbox.confirmTokenFor(pending);
    for (const email of [stranger, pending, member.email]) {
      await visitor.post('/api/auth/recover').send({ email }).expect(202, { sent: true });
    }
    const mail = await t.outbox.messages();
    expect(mail.some((message) => message.to === stranger)).toBe(false);
    expect(mail.filter((message) => message.to === pending).map((message) => message.subject)).toEqual(['Confirm your Town Crier account']);
    expect((await t.outbox.latestTo(member.email)).subject).toBe('Set a new Town Crier password');
  });

  it('refuses a request without an address, or without the CSRF token', async () => {
    const visitor = await t.signedOutAgent();
    const missing = await visitor.post('/api/auth/recover').send({ email: ' ' }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'BAD_INPUT', message: 'Please enter your email address' });
    await visitor.post('/api/auth/recover').send({ email: 'not an address' }).expect(400);
    await visitor.agent.post('/api/auth/recover').send({ email: newEmail('csrf') }).expect(403);
    await visitor.agent.post('/api/auth/reset').send({ token: 'x'.repeat(43), password: NEW_PASSWORD }).expect(403);
  });

  it('sets the new password once, signs every session of the account out and signs nobody in', async () => {
    const thief = await t.memberAgent();
    const email = thief.user!.email;
    const owner = await t.signedOutAgent();
    const token = await resetTokenFor(owner, email);

    const res = await owner.post('/api/auth/reset').send({ token, password: NEW_PASSWORD }).expect(200);
    expect(res.body).toEqual({ reset: true });
    expect((await owner.get('/api/auth/session').expect(200)).body.user).toBeNull();
    expect((await thief.get('/api/auth/session').expect(200)).body.user).toBeNull();
    await thief.get('/api/profile').expect(401);
    expect((await owner.post('/api/auth/reset').send({ token, password: 'yet another fine passphrase' }).expect(400)).body).toEqual(INVALID);

    await owner.post('/api/auth/login').send({ email, password: thief.user!.password }).expect(401);
    await owner.post('/api/auth/login').send({ email, password: NEW_PASSWORD }).expect(200);
    expect((await t.outbox.latestTo(email)).subject).toBe('Your Town Crier password was changed');
  });

  it('ends the session of the browser that resets its own account, cookie and all', async () => {
    const member = await t.memberAgent();
    const token = await resetTokenFor(member, member.user!.email);
    const res = await member.post('/api/auth/reset').send({ token, password: NEW_PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
    expect(cookies.some((cookie) => /^tc\.sid=;/.test(cookie))).toBe(true);
    const stored = await t.db.selectFrom('sessions').select('sid').where('user_id', '=', member.user!.id).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a weak password with its reasons and keeps the link for a better one', async () => {
    const user = await t.createUser();
    const visitor = await t.signedOutAgent();
    const token = await resetTokenFor(visitor, user.email);
    const weak = await visitor.post('/api/auth/reset').send({ token, password: 'password1' }).expect(400);
    expect(weak.body.error).toMatchObject({ code: 'BAD_INPUT', message: 'Password is too weak: it must not be a commonly used password.' });
    await visitor.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await visitor.refreshCsrf();
    await visitor.post('/api/auth/reset').send({ token, password: NEW_PASSWORD }).expect(200);
  });

  it('answers a malformed, unknown or missing token with the same 400', async () => {
    const visitor = await t.signedOutAgent();
    expect((await visitor.post('/api/auth/reset').send({ token: 'x'.repeat(43), password: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID);
    expect((await visitor.post('/api/auth/reset').send({ token: 'short', password: NEW_PASSWORD }).expect(400)).body).toEqual(INVALID);
    const missing = await visitor.post('/api/auth/reset').send({ password: NEW_PASSWORD }).expect(400);
    expect(missing.body.error).toMatchObject(INVALID.error);
  });
});

describe.each(TEST_ENGINES)('password reset limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { otpSend: 100, perEmail: 2, otpVerify: 2 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts link requests per address, existing or not, and failed resets per client', async () => {
    const member = await t.createUser();
    const visitor = await t.signedOutAgent();
    const statuses = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 3; i += 1) seen.push((await visitor.post('/api/auth/recover').send({ email })).status);
      return seen;
    };
    expect(await statuses(member.email)).toEqual([202, 202, 429]);
    expect(await statuses(newEmail('unknown'))).toEqual([202, 202, 429]);
    // Code requests share the address's count.
    await visitor.post('/api/auth/otp').send({ email: member.email, mode: 'login' }).expect(429);

    for (let i = 0; i < 2; i += 1) await visitor.post('/api/auth/reset').send({ token: 'x'.repeat(43), password: NEW_PASSWORD }).expect(400);
    await visitor.post('/api/auth/reset').send({ token: 'x'.repeat(43), password: NEW_PASSWORD }).expect(429);
  });
});
