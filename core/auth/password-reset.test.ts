import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { upsertSession } from '../db/repositories/sessions.js';
import { createSilentLogger } from '../logger.js';
import type { MailMessage } from '../ports/mailer.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createUserService } from '../users/user-service.js';
import { createAuthService } from './auth-service.js';

const OLD = 'paper lanterns at dusk';
const NEW = 'a quiet harbour in winter';
const PUBLIC_URL = 'https://towncrier.example';
const HOUR_MS = 60 * 60_000;

describe.each(TEST_ENGINES)('password reset on %s', (engine) => {
  // One database for the file: every test uses addresses of its own.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  function setup() {
    const sent: MailMessage[] = [];
    let now = new Date('2026-03-01T12:00:00Z');
    const auth = createAuthService({
      db: database.db,
      mailer: { send: async (message) => void sent.push(message) },
      logger: createSilentLogger(),
      secret: 'test-secret',
      siteName: 'Town Crier',
      publicUrl: PUBLIC_URL,
      now: () => now,
    });
    /** Asks for a link and returns its token (empty when no link was mailed). */
    async function requestLink(email: string): Promise<string> {
      await auth.requestPasswordReset(email);
      await auth.settle();
      const mail = sent.filter((message) => message.to === email.trim().toLowerCase()).at(-1);
      return /\/auth\?reset=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    }
    return { auth, sent, requestLink, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  }

  const addMember = (email: string) => createUserService(database.db).addUser({ email, password: OLD });
  const passwordHashOf = async (email: string) =>
    (await database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

  it('mails nothing to an unknown or an unconfirmed address, and answers them as it answers a member', async () => {
    const { auth, sent } = setup();
    await addMember('member-quiet@example.org');
    await auth.signUp({ email: 'pending-reset@example.org', password: OLD });
    await auth.settle();
    const before = sent.length;
    for (const email of ['nobody-reset@example.org', 'pending-reset@example.org', 'member-quiet@example.org']) {
      await expect(auth.requestPasswordReset(email)).resolves.toBeUndefined();
    }
    await auth.settle();
    expect(sent.slice(before).map((message) => message.to)).toEqual(['member-quiet@example.org']);
    const rows = await database.db.selectFrom('auth_codes').select('email').where('purpose', '=', 'reset').execute();
    expect(rows.map((row) => row.email)).not.toContain('nobody-reset@example.org');
    expect(rows.map((row) => row.email)).not.toContain('pending-reset@example.org');
  });

  it('mails a confirmed account one link to the web app, stored only as a hash, for an hour', async () => {
    const { sent, requestLink } = setup();
    await addMember('link@example.org');
    const token = await requestLink('Link@Example.org ');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(sent.filter((message) => message.to === 'link@example.org')).toHaveLength(1);
    expect(sent.at(-1)).toMatchObject({ subject: 'Set a new Town Crier password' });
    expect(sent.at(-1)?.text).toContain(`${PUBLIC_URL}/auth?reset=${token}`);
    const rows = await database.db.selectFrom('auth_codes').selectAll().where('email', '=', 'link@example.org').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'reset', consumed_at: null, password_hash: null });
    expect(rows[0]!.code_hash).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date('2026-03-01T12:00:00Z').getTime()).toBe(HOUR_MS);
  });

  it('sets the new password once, and a newer link voids the older', async () => {
    const { auth, requestLink } = setup();
    await addMember('once@example.org');
    const older = await requestLink('once@example.org');
    const token = await requestLink('once@example.org');
    await expect(auth.resetPassword(older, NEW)).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'The password reset link is invalid or has expired' });
    await expect(auth.resetPassword(token, NEW)).resolves.toMatchObject({ email: 'once@example.org' });
    await expect(auth.signInWithPassword('once@example.org', NEW)).resolves.toMatchObject({ email: 'once@example.org' });
    await expect(auth.signInWithPassword('once@example.org', OLD)).rejects.toThrow('Invalid login credentials');
    await expect(auth.resetPassword(token, 'yet another fine passphrase')).rejects.toThrow('The password reset link is invalid or has expired');
    await expect(auth.signInWithPassword('once@example.org', NEW)).resolves.toBeDefined();
  });

  it('refuses a link older than an hour, and tokens that are not links at all', async () => {
    const { auth, requestLink, advance } = setup();
    await addMember('late-reset@example.org');
    const token = await requestLink('late-reset@example.org');
    advance(HOUR_MS + 1000);
    await expect(auth.resetPassword(token, NEW)).rejects.toThrow('The password reset link is invalid or has expired');
    for (const bad of ['', 'short', 'x'.repeat(43), `${token}!`]) {
      await expect(auth.resetPassword(bad, NEW)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    }
    await expect(auth.signInWithPassword('late-reset@example.org', OLD)).resolves.toBeDefined();
  });

  it('ends every session of the account (a thief is signed out) and voids its sign-in codes, and no one else is touched', async () => {
    const { auth, requestLink } = setup();
    const owner = await addMember('stolen@example.org');
    const bystander = await addMember('bystander@example.org');
    const expiresAt = new Date(Date.now() + HOUR_MS);
    await upsertSession(database.db, { sid: 'thief-session', sess: { passport: { user: owner.id } }, userId: owner.id, expiresAt });
    await upsertSession(database.db, { sid: 'owner-phone', sess: { passport: { user: owner.id } }, userId: owner.id, expiresAt });
    await upsertSession(database.db, { sid: 'bystander', sess: { passport: { user: bystander.id } }, userId: bystander.id, expiresAt });
    await auth.sendCode('stolen@example.org', 'login');
    // The code is mailed in the background: settled first, so the newest mail is the reset link's.
    await auth.settle();
    const token = await requestLink('stolen@example.org');
    await auth.resetPassword(token, NEW);
    const sessions = await database.db.selectFrom('sessions').select('sid').where('sid', 'in', ['thief-session', 'owner-phone', 'bystander']).execute();
    expect(sessions).toEqual([{ sid: 'bystander' }]);
    const open = await database.db.selectFrom('auth_codes').select('purpose').where('email', '=', 'stolen@example.org').where('consumed_at', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it('refuses a weak password, changes nothing, and the link still works for a strong one', async () => {
    const { auth, requestLink } = setup();
    await addMember('weak@example.org');
    const before = await passwordHashOf('weak@example.org');
    const token = await requestLink('weak@example.org');
    await expect(auth.resetPassword(token, 'password1')).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Password is too weak: it must not be a commonly used password.',
    });
    await expect(auth.resetPassword(token, 'weak@example.org!')).rejects.toThrow('not contain your email address');
    expect(await passwordHashOf('weak@example.org')).toBe(before);
    await expect(auth.signInWithPassword('weak@example.org', OLD)).resolves.toBeDefined();
    await expect(auth.resetPassword(token, NEW)).resolves.toBeDefined();
  });

  it('tells the owner the password was changed, when, and what to do if it was not them', async () => {
    const { auth, sent, requestLink } = setup();
    await addMember('notice@example.org');
    await auth.resetPassword(await requestLink('notice@example.org'), NEW);
    await auth.settle();
    const notice = sent.at(-1)!;
    expect(notice).toMatchObject({ to: 'notice@example.org', subject: 'Your Town Crier password was changed' });
    expect(notice.text).toContain('2026-03-01 12:00 UTC');
    expect(notice.text).toContain('Forgot your password?');
    expect(notice.text).toContain('sign in with a code');
  });
});
