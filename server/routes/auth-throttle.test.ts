import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const SUBJECT = 'Failed sign-in attempts on your Town Crier account';
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

/**
 * Red team finding 5: password guesses at one account from many client addresses, each under
 * the per-client limit. The auth service's clock stands still and its waits are only noted,
 * so the 40 guesses arrive in one instant, as from a botnet.
 */
describe.each(TEST_ENGINES)('password attempts per account on %s', (engine) => {
  let t: TestApp;
  const waits: number[] = [];
  beforeAll(async () => {
    const instant = new Date();
    t = await createTestApp(engine, {
      app: { trustProxy: 'loopback' },
      auth: { now: () => instant, sleep: async (ms) => void waits.push(ms) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** 40 wrong passwords for the address, each from a client address of its own; the statuses. */
  async function guessFromMany(attacker: TestAgent, email: string): Promise<number[]> {
    const statuses = [];
    for (let i = 1; i <= 40; i += 1) {
      const res = await attacker.post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${i}`).send({ email, password: `guess number ${i}` });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('slows then refuses guesses from many addresses, keeps the owner\'s device and codes working, and mails the owner once', async () => {
    const owner = await t.createUser();
    const ownersDevice = await t.signedOutAgent();
    await ownersDevice.signIn(owner);
    await ownersDevice.post('/api/auth/logout').expect(204);
    await ownersDevice.refreshCsrf();

    const attacker = await t.signedOutAgent();
    waits.length = 0;
    const statuses = await guessFromMany(attacker, owner.email);
    // 5 at once, 3 more spaced 1 s and 2 s apart (waited for), then refusals.
    expect(statuses).toEqual([...Array(8).fill(401), ...Array(32).fill(429)]);
    expect(waits).toEqual([1000, 3000]);
    const refused = await attacker.post('/api/auth/login').set('X-Forwarded-For', '203.0.113.99').send({ email: owner.email, password: owner.password });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('Sign in with an email code instead') });

    waits.length = 0;
    const own = await ownersDevice.post('/api/auth/login').send({ email: owner.email, password: owner.password });
    expect(own.status).toBe(200);
    expect(waits).toEqual([]);

    const fresh = await t.signedOutAgent();
    await fresh.post('/api/auth/otp').set('X-Forwarded-For', '198.51.100.7').send({ email: owner.email, mode: 'login' }).expect(202);
    const code = await t.outbox.codeFor(owner.email);
    await fresh.post('/api/auth/otp/verify').set('X-Forwarded-For', '198.51.100.7').send({ email: owner.email, token: code }).expect(200);

    const toOwner = (await t.outbox.messages()).filter((message) => message.to === owner.email);
    expect(toOwner.filter((message) => message.subject === SUBJECT)).toHaveLength(1);
    expect(toOwner.find((message) => message.subject === SUBJECT)?.text).not.toMatch(/203\.0\.113/);
  });

  it('slows guesses at an address without an account the same way', async () => {
    const attacker = await t.signedOutAgent();
    const member = await t.createUser();
    const forMember = await guessFromMany(attacker, member.email);
    const nobody = newEmail('nobody');
    const forNobody = await guessFromMany(attacker, nobody);
    expect(forNobody).toEqual(forMember);
    const messages = await t.outbox.messages();
    expect(messages.filter((message) => message.to === member.email).map((message) => message.subject)).toEqual([SUBJECT]);
    expect(messages.filter((message) => message.to === nobody)).toEqual([]);
  });
});
