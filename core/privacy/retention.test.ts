import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { deleteExpiredPersonalData } from './retention.js';

const DAY = 24 * 60 * 60_000;

describe.each(TEST_ENGINES)('deleteExpiredPersonalData on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('deletes spent codes, week-old unconfirmed accounts, month-old analytics and ended password-attempt windows, and keeps the rest', async () => {
    const { db } = database;
    const now = new Date('2030-06-15T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const code = (email: string, purpose: 'login' | 'confirm', expiresAt: Date, consumedAt: Date | null = null) =>
      ({ email, purpose, code_hash: `${email}-${expiresAt.toISOString()}`, expires_at: expiresAt, consumed_at: consumedAt });
    await db
      .insertInto('users')
      .values([
        { email: 'stale@example.org', created_at: ago(8) },
        { email: 'pending@example.org', created_at: ago(8) },
        { email: 'recent@example.org', created_at: ago(2) },
        { email: 'member@example.org', created_at: ago(90), email_confirmed_at: ago(90) },
      ])
      .execute();
    await db
      .insertInto('auth_codes')
      .values([
        code('member@example.org', 'login', ago(0.01)),
        code('member@example.org', 'login', ago(-0.005), ago(0.001)),
        code('stale@example.org', 'confirm', ago(7)),
        // A link re-sent a day ago keeps its account (a sign-up in progress).
        code('pending@example.org', 'confirm', ago(-0.5)),
        code('member@example.org', 'login', ago(-0.005)),
      ])
      .execute();
    await db
      .insertInto('analytics_events')
      .values([{ name: 'old_event', created_at: ago(31) }, { name: 'new_event', created_at: ago(29) }])
      .execute();
    const attempts = (email: string, at: Date) => ({ email, window_started_at: at, last_attempt_at: at, next_attempt_at: at, failures: 3 });
    await db
      .insertInto('password_attempts')
      .values([attempts('old@example.org', new Date(now.getTime() - 16 * 60_000)), attempts('recent@example.org', new Date(now.getTime() - 14 * 60_000))])
      .execute();

    expect(await deleteExpiredPersonalData(db, now)).toEqual({ codes: 3, unconfirmedAccounts: 1, analyticsEvents: 1, passwordAttempts: 1 });
    const emails = await db.selectFrom('users').select('email').orderBy('email').execute();
    expect(emails.map((row) => row.email)).toEqual(['member@example.org', 'pending@example.org', 'recent@example.org']);
    const codes = await db.selectFrom('auth_codes').select('email').orderBy('email').execute();
    expect(codes.map((row) => row.email)).toEqual(['member@example.org', 'pending@example.org']);
    expect(await db.selectFrom('analytics_events').select('name').execute()).toEqual([{ name: 'new_event' }]);
    expect(await db.selectFrom('password_attempts').select('email').execute()).toEqual([{ email: 'recent@example.org' }]);
    // Nothing more to do on a second run.
    expect(await deleteExpiredPersonalData(db, now)).toEqual({ codes: 0, unconfirmedAccounts: 0, analyticsEvents: 0, passwordAttempts: 0 });
  });
});
