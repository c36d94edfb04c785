import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.js';
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
    expect(created).toMatchObject({ email: 'ada@example.org', created: true, roles: ['admin'], role: 'Administrator', passwordSet: false });

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

  it('sets or replaces the password as an argon2id hash, and refuses a short one', async () => {
    const users = createUserService(database.db);
    const created = await users.addUser({ email: 'ada@example.org', password: 'first password' });
    expect(created.passwordSet).toBe(true);
    await users.addUser({ email: 'ada@example.org', password: 'second password' });
    const { password_hash } = await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(password_hash ?? '', 'second password')).toBe(true);
    expect(await verifyPassword(password_hash ?? '', 'first password')).toBe(false);

    await expect(users.addUser({ email: 'bob@example.org', password: 'short' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Password must be at least 8 characters' });
    expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'ada@example.org' }]);
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
});
