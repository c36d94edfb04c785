import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const STRONG = 'paper lanterns at dusk';
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

/** What a client can compare between two answers: status, body and the headers that vary by route. */
function shapeOf(res: supertest.Response) {
  const names = Object.keys(res.headers).filter((name) => !['date', 'x-request-id', 'etag', 'content-length', 'set-cookie'].includes(name)).sort();
  return { status: res.status, body: res.body as unknown, headers: names, contentType: res.headers['content-type'] as unknown };
}

describe.each(TEST_ENGINES)('no account enumeration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { signup: 100, otpSend: 100, perEmail: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers sign-up alike for new, unconfirmed and confirmed addresses; the inbox tells the owner', async () => {
    const confirmed = await t.createUser();
    const unconfirmed = newEmail('pending');
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/signup').send({ email: unconfirmed, password: STRONG }).expect(200);
    await t.outbox.confirmTokenFor(unconfirmed);

    const answers = [];
    for (const email of [newEmail('fresh'), unconfirmed, confirmed.email]) {
      answers.push(shapeOf(await visitor.post('/api/auth/signup').send({ email, password: STRONG })));
    }
    expect(answers[0]).toMatchObject({ status: 200, body: { user: null, needsConfirmation: true } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await t.outbox.latestTo(confirmed.email)).text).toContain('You already have one');
    expect((await t.outbox.latestTo(unconfirmed)).subject).toBe('Confirm your Town Crier account');
    // The existing password still works.
    await visitor.post('/api/auth/login').send({ email: confirmed.email, password: confirmed.password }).expect(200);
  });

  // Whatever a caller does first, the answers they get for an address cannot tell whether it
  // has an account: here with a password of the caller's choosing, as a prober would.
  const CHOSEN = 'my own chosen words';
  type Step = (email: string, visitor: Awaited<ReturnType<TestApp['signedOutAgent']>>) => Promise<supertest.Response>;
  const signUp: Step = (email, visitor) => visitor.post('/api/auth/signup').send({ email, password: CHOSEN });
  const signIn: Step = (email, visitor) => visitor.post('/api/auth/login').send({ email, password: CHOSEN });
  const askCode: Step = (email, visitor) => visitor.post('/api/auth/otp').send({ email, mode: 'login' });
  const orders: [string, Step[]][] = [
    ['sign-up then sign-in', [signUp, signIn]],
    ['sign-in then sign-up', [signIn, signUp]],
    ['code request then sign-in', [askCode, signIn]],
    ['sign-in then code request', [signIn, askCode]],
  ];

  it.each(orders)('answers %s alike for new, unconfirmed and confirmed addresses', async (_order, steps) => {
    const unconfirmed = newEmail('unconfirmed');
    const owner = await t.signedOutAgent();
    await owner.post('/api/auth/signup').send({ email: unconfirmed, password: STRONG }).expect(200);
    await t.outbox.confirmTokenFor(unconfirmed);
    const addresses = [newEmail('new'), unconfirmed, (await t.createUser()).email];

    const answers = [];
    for (const email of addresses) {
      const visitor = await t.signedOutAgent();
      const seen = [];
      for (const step of steps) {
        seen.push(shapeOf(await step(email, visitor)));
        // The work a request left for after its answer is done before the next step.
        await t.core.auth.settle();
      }
      answers.push(seen);
    }
    expect(answers[0]!.map((answer) => answer.status)).toEqual(steps.map((step) => (step === signIn ? 401 : step === askCode ? 202 : 200)));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('answers code requests alike for every address and mode, mailing only where it should', async () => {
    const member = await t.createUser();
    const visitor = await t.signedOutAgent();
    const stranger = newEmail('stranger');
    const answers = [];
    for (const [email, mode] of [[member.email, 'login'], [stranger, 'login'], [member.email, 'signup'], [newEmail('new'), 'signup']] as const) {
      answers.push(shapeOf(await visitor.post('/api/auth/otp').send({ email, mode })));
    }
    expect(answers[0]).toMatchObject({ status: 202, body: { sent: true } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await t.outbox.messages()).some((message) => message.to === stranger)).toBe(false);
    expect((await t.outbox.latestTo(member.email)).subject).toBe('Your Town Crier sign-in code');
  });
});

describe.each(TEST_ENGINES)('per-address limits on %s', (engine) => {
  let t: TestApp;
  // Long enough that the requests before the wait fall in one window on a loaded machine (400 ms did not).
  const WINDOW_MS = 4_000;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { signup: 100, otpSend: 100, perEmail: 2, perEmailWindowMs: WINDOW_MS } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits code requests the same for existing and unknown addresses, each on its own count, for a short window only', async () => {
    const member = await t.createUser();
    const visitor = await t.signedOutAgent();
    const unknown = newEmail('unknown');
    const statuses = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 3; i += 1) seen.push((await visitor.post('/api/auth/otp').send({ email: i === 1 ? ` ${email.toUpperCase()}` : email, mode: 'login' })).status);
      return seen;
    };
    const forMember = await statuses(member.email);
    const forUnknown = await statuses(unknown);
    expect(forMember).toEqual([202, 202, 429]);
    expect(forUnknown).toEqual(forMember);
    const limited = await visitor.post('/api/auth/otp').send({ email: unknown, mode: 'signup' }).expect(429);
    expect(limited.body).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' } });
    // Sign-ups share the address's count.
    await visitor.post('/api/auth/signup').send({ email: member.email, password: STRONG }).expect(429);
    // Someone flooding an address locks its owner out for the short window, not for an hour.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
    await visitor.post('/api/auth/otp').send({ email: member.email, mode: 'login' }).expect(202);
    await visitor.post('/api/auth/otp').send({ email: unknown, mode: 'login' }).expect(202);
  });
});

describe.each(TEST_ENGINES)('per-client code limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { otpSend: 2 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts every address alike, existing or not', async () => {
    const member = await t.createUser();
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/auth/otp').send({ email: newEmail('a'), mode: 'login' }).expect(202);
    await visitor.post('/api/auth/otp').send({ email: member.email, mode: 'login' }).expect(202);
    await visitor.post('/api/auth/otp').send({ email: newEmail('b'), mode: 'login' }).expect(429);
    await visitor.post('/api/auth/otp').send({ email: member.email, mode: 'login' }).expect(429);
  });
});
