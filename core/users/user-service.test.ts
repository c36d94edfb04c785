import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthService } from '../auth/auth-service.js';
import { verifyPassword } from '../auth/passwords.js';
import { createSessionService } from '../auth/session-service.js';
import { createSilentLogger } from '../logger.js';
import type { Database } from '../db/database.js';
import { TEST_ENGINES, createTestDatabase } from '../testing/test-database.js';
import { createUserService, normalizeEmail } from './user-service.js';

describe('normalizeEmail', () => {
  it('lowercases and trims, and refuses what is not an address', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
    for (const bad of ['', 'ada', 'ada@', '@example.org', 'ada @example.org', `${'a'.repeat(250)}@example.org`]) {
      expect(() => normalizeEmail(bad)).toThrow(/Invalid email address/);
    }
  });
});

describe.each(TEST_ENGINES)('user service on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  it('creates a confirmed user with a profile, grants admin once, and finds the user again', async () => {
    const users = createUserService(database.db);
    const created = await users.addUser({ email: ' Ada@Example.org ', admin: true });
    expect(created).toMatchObject({ email: 'ada@example.org', created: true, roles: ['admin'], role: 'Administrator', passwordSet: false, credentialsReset: false });

    const again = await users.addUser({ email: 'ada@example.org', admin: true });
    expect(again).toMatchObject({ id: created.id, created: false, roles: ['admin'] });
    const member = await users.addUser({ email: 'bob@example.org' });
    expect(member).toMatchObject({ role: 'Member', roles: [] });

    const row = await database.db.selectFrom('users').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeInstanceOf(Date);
    expect(row.password_hash).toBeNull();
    expect(await database.db.selectFrom('profiles').select('id').orderBy('id').execute()).toHaveLength(2);
    expect(await database.db.selectFrom('user_roles').selectAll().execute()).toEqual([expect.objectContaining({ user_id: created.id, role: 'admin' })]);
  });

  it('finds an account by address (any case) with its roles, or null', async () => {
    const users = createUserService(database.db);
    const ada = await users.addUser({ email: 'ada@example.org', admin: true });
    await users.addUser({ email: 'bob@example.org' });
    expect(await users.findUser(' ADA@example.org')).toEqual({ id: ada.id, email: 'ada@example.org', roles: ['admin'] });
    expect(await users.findUser('bob@example.org')).toMatchObject({ roles: [] });
    expect(await users.findUser('nobody@example.org')).toBeNull();
    await expect(users.findUser('not an address')).rejects.toThrow(/Invalid email address/);
  });

  it('sets or replaces the password as an argon2id hash, and refuses a weak one as sign-up does', async () => {
    const users = createUserService(database.db);
    const created = await users.addUser({ email: 'ada@example.org', password: 'first password' });
    expect(created.passwordSet).toBe(true);
    await users.addUser({ email: 'ada@example.org', password: 'second password' });
    const { password_hash } = await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(password_hash ?? '', 'second password')).toBe(true);
    expect(await verifyPassword(password_hash ?? '', 'first password')).toBe(false);

    await expect(users.addUser({ email: 'bob@example.org', password: 'short' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Password is too weak: it must be at least 8 characters long.',
    });
    await expect(users.addUser({ email: 'bob@example.org', password: 'Password2024!' })).rejects.toThrow('not be a commonly used password');
    await expect(users.addUser({ email: 'ada@example.org', password: 'ada-the-admin' })).rejects.toThrow('not contain your email address');
    expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'ada@example.org' }]);
    expect(await verifyPassword((await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash ?? '', 'second password')).toBe(true);
  });

  it('confirms an existing unconfirmed account and keeps its first confirmation time', async () => {
    const users = createUserService(database.db);
    const inserted = await database.db.insertInto('users').values({ email: 'eve@example.org' }).returning('id').executeTakeFirstOrThrow();
    await users.addUser({ email: 'eve@example.org' });
    const first = await database.db.selectFrom('users').select('email_confirmed_at').where('id', '=', inserted.id).executeTakeFirstOrThrow();
    expect(first.email_confirmed_at).toBeInstanceOf(Date);
    await users.addUser({ email: 'eve@example.org' });
    const second = await database.db.selectFrom('users').select('email_confirmed_at').where('id', '=', inserted.id).executeTakeFirstOrThrow();
    expect(second.email_confirmed_at).toEqual(first.email_confirmed_at);
  });

  it("resets a stranger's unconfirmed sign-up before confirming it: password, links, codes and sessions go", async () => {
    const sent: string[] = [];
    const auth = createAuthService({
      db: database.db,
      mailer: { send: async (message) => void sent.push(message.text) },
      logger: createSilentLogger(),
      secret: 'test-secret',
      siteName: 'Town Crier',
      publicUrl: 'https://towncrier.example',
    });
    // A stranger signs up the clerk's address with a password of their own, and holds a session on it.
    await auth.signUp({ email: 'clerk@example.org', password: 'the stranger knows this' });
    await auth.settle();
    const strangersLink = /confirm=([\w-]+)/.exec(sent.at(-1) ?? '')?.[1] ?? '';
    const account = await database.db.selectFrom('users').select('id').where('email', '=', 'clerk@example.org').executeTakeFirstOrThrow();
    await database.db.updateTable('users').set({ password_hash: 'legacy hash a stranger set' }).where('id', '=', account.id).execute();
    const sessions = createSessionService(database.db);
    await sessions.set('strangers-session', { passport: { user: account.id } }, new Date(Date.now() + 60_000), account.id);

    const added = await createUserService(database.db).addUser({ email: 'clerk@example.org', admin: true });
    expect(added).toMatchObject({ id: account.id, created: false, role: 'Administrator', passwordSet: false, credentialsReset: true });
    await expect(auth.signInWithPassword('clerk@example.org', 'the stranger knows this')).rejects.toThrow('Invalid login credentials');
    await expect(auth.confirmEmail(strangersLink)).rejects.toThrow('invalid or has expired');
    expect(await sessions.get('strangers-session')).toBeUndefined();
    expect(await database.db.selectFrom('auth_codes').select('id').where('email', '=', 'clerk@example.org').execute()).toEqual([]);
    expect((await database.db.selectFrom('users').select('password_hash').where('id', '=', account.id).executeTakeFirstOrThrow()).password_hash).toBeNull();
    // Running it again on the now confirmed account changes nothing.
    expect(await createUserService(database.db).addUser({ email: 'clerk@example.org', admin: true })).toMatchObject({ credentialsReset: false });
  });
});
