import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createSilentLogger } from '../logger.js';
import type { MailMessage } from '../ports/mailer.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createAuthService } from './auth-service.js';

const STRONG = 'paper lanterns at dusk';

function setup(database: Database) {
  const sent: MailMessage[] = [];
  let now = new Date();
  const auth = createAuthService({
    db: database.db,
    mailer: { send: async (message) => void sent.push(message) },
    logger: createSilentLogger(),
    secret: 'test-secret',
    siteName: 'Town Crier',
    now: () => now,
  });
  const lastCode = () => /code is: (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
  const lastToken = () => /token=([\w-]+)/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '';
  return { auth, sent, lastCode, lastToken, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const confirmUrl = (token: string) => `http://localhost/api/auth/confirm?token=${token}`;

describe.each(TEST_ENGINES)('auth service on %s', (engine) => {
  // One database for the file: every test uses addresses of its own.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores codes and tokens only as hashes', async () => {
    const { auth, lastCode } = setup(database);
    await auth.sendCode('hashed@example.org', 'signup');
    const rows = await database.db.selectFrom('auth_codes').select('code_hash').where('email', '=', 'hashed@example.org').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(lastCode());
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { auth, lastCode, advance } = setup(database);
    await auth.sendCode('late@example.org', 'signup');
    const code = lastCode();
    advance(10 * 60_000 + 1000);
    await expect(auth.verifyCode({ email: 'late@example.org', token: code })).rejects.toThrow('Token has expired or is invalid');
  });

  it('confirms an email once, and expires the link after a day', async () => {
    const { auth, lastToken, advance } = setup(database);
    const { user } = await auth.signUp({ email: 'Ada@Example.org', password: STRONG }, { confirmUrl });
    expect(user.email).toBe('ada@example.org');
    const token = lastToken();
    const confirmed = await auth.confirmEmail(token);
    expect(confirmed.email_confirmed_at).toBeInstanceOf(Date);
    await expect(auth.confirmEmail(token)).rejects.toThrow('invalid or has expired');
    await auth.signUp({ email: 'bob@example.org', password: STRONG }, { confirmUrl });
    const late = lastToken();
    advance(25 * 60 * 60_000);
    await expect(auth.confirmEmail(late)).rejects.toThrow('invalid or has expired');
  });

  it('drops a password nobody proved when a code confirms the address (pre-registration)', async () => {
    const { auth, lastCode } = setup(database);
    // Someone registers the victim's address with their own password and never confirms.
    await auth.signUp({ email: 'victim@example.org', password: 'attacker knows this' }, { confirmUrl });
    // The owner signs in by code: the address is theirs, the stranger's password is not.
    await auth.sendCode('victim@example.org', 'login');
    await auth.verifyCode({ email: 'victim@example.org', token: lastCode() });
    await expect(auth.signInWithPassword('victim@example.org', 'attacker knows this')).rejects.toThrow('Invalid login credentials');
  });

  it('limits how many codes one address receives per hour', async () => {
    const { auth, sent } = setup(database);
    for (let i = 0; i < 10; i += 1) await auth.sendCode('flood@example.org', 'signup');
    await expect(auth.sendCode('flood@example.org', 'signup')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(sent).toHaveLength(10);
  });

  it('refuses an unknown home city at sign-up', async () => {
    const { auth } = setup(database);
    await expect(auth.signUp({ email: 'c@example.org', password: STRONG, homeCityKey: 'nowhere-zz' }, { confirmUrl })).rejects.toThrow(
      'Unknown city "nowhere-zz"',
    );
  });
});
