import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createSilentLogger } from '../logger.js';
import type { MailMessage } from '../ports/mailer.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createUserService } from '../users/user-service.js';
import { createAuthService } from './auth-service.js';

const PASSWORD = 'paper lanterns at dusk';
const T0 = new Date('2030-06-15T12:00:00Z');
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}@example.org`;

/** The auth service on a clock that moves only when told: a burst of attempts happens at one instant. */
function setup(database: Database) {
  const sent: MailMessage[] = [];
  const waits: number[] = [];
  let now = T0;
  const auth = createAuthService({
    db: database.db,
    mailer: { send: async (message) => void sent.push(message) },
    logger: createSilentLogger(),
    secret: 'test-secret',
    siteName: 'Town Crier',
    publicUrl: 'https://towncrier.example',
    now: () => now,
    sleep: async (ms) => void waits.push(ms),
  });
  /** What each attempt ended in: 'in', or the refusal's error code. */
  const attempt = (email: string, password: string, trusted = false) =>
    auth.signInWithPassword(email, password, { trustedDevice: () => trusted }).then(
      () => 'in',
      (error: { code: string }) => error.code,
    );
  const burst = (email: string, count: number) => Promise.all(Array.from({ length: count }, () => attempt(email, 'wrong guess here')));
  return { auth, sent, waits, attempt, burst, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe.each(TEST_ENGINES)('password throttle on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('slows parallel guesses at an account and at an unknown address alike, and never a trusted device', async () => {
    const { attempt, burst, waits } = setup(database);
    const owner = newEmail('owner');
    await createUserService(database.db).addUser({ email: owner, password: PASSWORD });

    const atAccount = (await burst(owner, 12)).sort();
    expect(atAccount).toEqual([...Array(8).fill('UNAUTHENTICATED'), ...Array(4).fill('RATE_LIMITED')].sort());
    // The 6th takes the slot at once; the 7th and 8th wait 1 s and 3 s for theirs.
    expect(waits.sort((a, b) => a - b)).toEqual([1000, 3000]);
    expect((await burst(newEmail('nobody'), 12)).sort()).toEqual(atAccount);

    // The right password from a new device waits like the rest; the owner's device does not.
    expect(await attempt(owner, PASSWORD)).toBe('RATE_LIMITED');
    waits.length = 0;
    expect(await attempt(owner, PASSWORD, true)).toBe('in');
    expect(waits).toEqual([]);
  });

  it('mails a confirmed owner once per window, and nobody for other addresses', async () => {
    const { auth, sent, burst, advance } = setup(database);
    const owner = newEmail('mailed');
    await createUserService(database.db).addUser({ email: owner, password: PASSWORD });
    const pending = newEmail('pending');
    await auth.signUp({ email: pending, password: PASSWORD });
    await auth.settle();
    sent.length = 0;

    for (const email of [owner, pending, newEmail('stranger')]) await burst(email, 12);
    advance(60_000);
    await burst(owner, 3);
    await auth.settle();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([[owner, 'Failed sign-in attempts on your Town Crier account']]);
    // The window began with the first burst; the threshold was reached in it.
    expect(sent[0]?.text).toContain('at 2030-06-15 12:00 UTC.');
    expect(sent[0]?.text).toContain('Use an email code');

    // 15 quiet minutes end the window: a new attack is told about again.
    advance(15 * 60_000);
    await burst(owner, 6);
    await auth.settle();
    expect(sent).toHaveLength(2);
  });

  it('never slows sign-in by emailed code, and takes back the count of a right password', async () => {
    const { auth, sent, attempt, burst } = setup(database);
    const owner = newEmail('code');
    await createUserService(database.db).addUser({ email: owner, password: PASSWORD });
    await burst(owner, 12);
    await auth.sendCode(owner, 'login');
    await auth.settle();
    const code = /code is: (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
    await expect(auth.verifyCode({ email: owner, token: code })).resolves.toMatchObject({ email: owner });

    const other = newEmail('typo');
    await createUserService(database.db).addUser({ email: other, password: PASSWORD });
    for (let i = 0; i < 10; i += 1) expect(await attempt(other, PASSWORD)).toBe('in');
    expect(await burst(other, 5)).toEqual(Array(5).fill('UNAUTHENTICATED'));
  });
});
