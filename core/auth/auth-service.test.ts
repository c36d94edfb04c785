import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createSilentLogger } from '../logger.js';
import type { Mailer, MailMessage } from '../ports/mailer.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createUserService } from '../users/user-service.js';
import { createAuthService, type PasswordHashing } from './auth-service.js';
import { hashPassword, verifyPassword } from './passwords.js';

const STRONG = 'paper lanterns at dusk';
const PUBLIC_URL = 'https://towncrier.example';

/** Counts the argon2 work each call does, to show every path of a flow does the same. */
function countingPasswords() {
  const counts = { hash: 0, verify: 0 };
  const passwords: PasswordHashing = {
    hash: (password) => ((counts.hash += 1), hashPassword(password)),
    verify: (hash, password) => ((counts.verify += 1), verifyPassword(hash, password)),
  };
  return { counts, passwords, reset: () => Object.assign(counts, { hash: 0, verify: 0 }) };
}

/** A mailer that holds every message until released: the caller must not be waiting on it. */
function heldMailer() {
  const sent: MailMessage[] = [];
  const held: (() => void)[] = [];
  const mailer: Mailer = {
    send: (message) =>
      new Promise<void>((resolve) => {
        sent.push(message);
        held.push(resolve);
      }),
  };
  return { mailer, sent, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

/** Polls until `check` holds (background work finishes on its own schedule). */
async function waitFor(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    // Generous: a busy CI machine may take seconds to hash and send in the background.
    if (waited > 20_000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function setup(database: Database, options: { mailer?: Mailer; passwords?: PasswordHashing } = {}) {
  const sent: MailMessage[] = [];
  let now = new Date();
  const auth = createAuthService({
    db: database.db,
    mailer: options.mailer ?? { send: async (message) => void sent.push(message) },
    logger: createSilentLogger(),
    secret: 'test-secret',
    siteName: 'Town Crier',
    publicUrl: PUBLIC_URL,
    now: () => now,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  const lastCode = () => /code is: (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
  const lastToken = () => /\/auth\?confirm=([\w-]+)/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
  return { auth, sent, lastCode, lastToken, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe.each(TEST_ENGINES)('auth service on %s', (engine) => {
  // One database for the file: every test uses addresses of its own.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  const passwordHashOf = async (email: string) =>
    (await database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirst())?.password_hash;

  it('stores codes and tokens only as hashes', async () => {
    const { auth, lastCode } = setup(database);
    await auth.sendCode('hashed@example.org', 'signup');
    await auth.settle();
    const rows = await database.db.selectFrom('auth_codes').select('code_hash').where('email', '=', 'hashed@example.org').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(lastCode());
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { auth, lastCode, advance } = setup(database);
    await auth.sendCode('late@example.org', 'signup');
    await auth.settle();
    const code = lastCode();
    advance(10 * 60_000 + 1000);
    await expect(auth.verifyCode({ email: 'late@example.org', token: code })).rejects.toThrow('Token has expired or is invalid');
  });

  it('mails a link to the web app on PUBLIC_URL, confirms once, and expires the link after a day', async () => {
    const { auth, sent, lastToken, advance } = setup(database);
    expect(await auth.signUp({ email: 'Ada@Example.org', password: STRONG })).toEqual({ user: null, needsConfirmation: true });
    await auth.settle();
    expect(sent.at(-1)?.text).toContain(`${PUBLIC_URL}/auth?confirm=`);
    const token = lastToken();
    const confirmed = await auth.confirmEmail(token);
    expect(confirmed).toMatchObject({ email: 'ada@example.org', email_confirmed_at: expect.any(Date) });
    await expect(auth.signInWithPassword('ada@example.org', STRONG)).resolves.toMatchObject({ id: confirmed.id });
    await expect(auth.confirmEmail(token)).rejects.toThrow('invalid or has expired');
    await auth.signUp({ email: 'bob@example.org', password: STRONG });
    await auth.settle();
    const late = lastToken();
    advance(25 * 60 * 60_000);
    await expect(auth.confirmEmail(late)).rejects.toThrow('invalid or has expired');
  });

  it('gives an unconfirmed account no password: each link confirms its own, and voids the others', async () => {
    const { auth, lastToken } = setup(database);
    const email = 'owner@example.org';
    await auth.signUp({ email, password: STRONG });
    await auth.settle();
    const ownersLink = lastToken();
    // A stranger signs the same address up again with a password of their own.
    await auth.signUp({ email, password: 'attacker knows this' });
    await auth.settle();
    const strangersLink = lastToken();
    expect(strangersLink).not.toBe(ownersLink);
    expect(await passwordHashOf(email)).toBeNull();
    // Either pending password is answered as a wrong one: it was the caller's own choice, so
    // any other answer would tell them the address has an account.
    await expect(auth.signInWithPassword(email, 'attacker knows this')).rejects.toThrow('Invalid login credentials');
    await expect(auth.signInWithPassword(email, STRONG)).rejects.toThrow('Invalid login credentials');

    await auth.confirmEmail(ownersLink);
    // No pending password outlives its link (used or voided).
    const pending = await database.db.selectFrom('auth_codes').select('password_hash').where('email', '=', email).execute();
    expect(pending).toEqual([{ password_hash: null }, { password_hash: null }]);
    await expect(auth.signInWithPassword(email, STRONG)).resolves.toMatchObject({ email });
    await expect(auth.signInWithPassword(email, 'attacker knows this')).rejects.toThrow('Invalid login credentials');
    await expect(auth.confirmEmail(strangersLink)).rejects.toThrow('invalid or has expired');
    await expect(auth.signInWithPassword(email, STRONG)).resolves.toMatchObject({ email });
  });

  it('drops every pending password when a code confirms the address (pre-registration)', async () => {
    const { auth, lastCode, lastToken } = setup(database);
    // Someone registers the victim's address with their own password and never confirms.
    await auth.signUp({ email: 'victim@example.org', password: 'attacker knows this' });
    await auth.settle();
    const strangersLink = lastToken();
    // The owner signs in by code: the address is theirs, the stranger's password is not.
    await auth.sendCode('victim@example.org', 'login');
    await auth.settle();
    await auth.verifyCode({ email: 'victim@example.org', token: lastCode() });
    await expect(auth.signInWithPassword('victim@example.org', 'attacker knows this')).rejects.toThrow('Invalid login credentials');
    // Opening the stranger's link later does not set their password either.
    await expect(auth.confirmEmail(strangersLink)).rejects.toThrow('invalid or has expired');
    expect(await passwordHashOf('victim@example.org')).toBeNull();
  });

  it('answers sign-up alike for new, unconfirmed and confirmed addresses, with the same hashing and no wait for mail', async () => {
    const { counts, passwords, reset } = countingPasswords();
    const held = heldMailer();
    const { auth } = setup(database, { mailer: held.mailer, passwords });
    await createUserService(database.db).addUser({ email: 'taken@example.org' });
    await auth.signUp({ email: 'pending@example.org', password: STRONG });
    await waitFor(() => held.sent.length === 1);
    held.release();
    await auth.settle();

    const answers = [];
    for (const email of ['fresh@example.org', 'pending@example.org', 'taken@example.org']) {
      reset();
      // The mail is held: an answer that waited for it would never come.
      answers.push(await auth.signUp({ email, password: STRONG }));
      expect(counts, email).toEqual({ hash: 1, verify: 0 });
    }
    expect(answers).toEqual([0, 1, 2].map(() => ({ user: null, needsConfirmation: true })));
    await waitFor(() => held.sent.length === 4);
    // Each sign-up's mail is sent in the background: they may leave in any order.
    const lastThree = held.sent.slice(-3).map((message) => [message.to, message.subject]);
    expect(lastThree.sort()).toEqual([
      ['fresh@example.org', 'Confirm your Town Crier account'],
      ['pending@example.org', 'Confirm your Town Crier account'],
      ['taken@example.org', 'Your Town Crier account'],
    ]);
    held.release();
    await auth.settle();
  });

  it('does one password verification and gives one answer for unknown, unconfirmed and wrong-password sign-ins alike', async () => {
    const { counts, passwords, reset } = countingPasswords();
    const { auth } = setup(database, { passwords });
    await createUserService(database.db).addUser({ email: 'known@example.org', password: STRONG });
    await auth.signUp({ email: 'unconfirmed@example.org', password: STRONG });
    await auth.settle();
    const attempts: [string, string][] = [
      ['nobody@example.org', 'wrong password here'],
      ['unconfirmed@example.org', 'wrong password here'],
      // The pending sign-up's own password too: unconfirmed is not told apart.
      ['unconfirmed@example.org', STRONG],
      ['known@example.org', 'wrong password here'],
      ['not an email', 'wrong password here'],
    ];
    for (const [email, password] of attempts) {
      reset();
      await expect(auth.signInWithPassword(email, password)).rejects.toThrow('Invalid login credentials');
      expect(counts, email).toEqual({ hash: 0, verify: 1 });
    }
  });

  it('answers code requests alike for every address without waiting for delivery, and leaves limits to the server', async () => {
    const held = heldMailer();
    const { auth } = setup(database, { mailer: held.mailer });
    await createUserService(database.db).addUser({ email: 'member@example.org' });
    for (let i = 0; i < 12; i += 1) {
      await expect(auth.sendCode('member@example.org', 'login')).resolves.toBeUndefined();
      await expect(auth.sendCode('stranger@example.org', 'login')).resolves.toBeUndefined();
    }
    await expect(auth.sendCode('not an email', 'login')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await waitFor(() => held.sent.length === 12);
    held.release();
    await auth.settle();
    expect(held.sent.filter((message) => message.to === 'member@example.org')).toHaveLength(12);
    expect(held.sent.filter((message) => message.to === 'stranger@example.org')).toHaveLength(0);
  });

  it('refuses an unknown home city at sign-up', async () => {
    const { auth } = setup(database);
    await expect(auth.signUp({ email: 'c@example.org', password: STRONG, homeCityKey: 'nowhere-zz' })).rejects.toThrow('Unknown city "nowhere-zz"');
  });
});
