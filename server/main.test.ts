import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core/index.js';
import { createTestCore, testDb } from '../core/testing/test-core.js';
import { TEST_ENGINES } from '../core/testing/test-database.js';
import { startServer, type RunningServer } from './main.js';

/** Polls until `check` holds or about `ms` passed; returns whether it held. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  for (let waited = 0; waited <= ms; waited += 20) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe.each(TEST_ENGINES)('server housekeeping on %s', (engine) => {
  let core: Core | undefined;
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    await core?.close();
    running = undefined;
    core = undefined;
  });

  it('deletes expired personal data at start and then on its timer, until closed', async () => {
    core = await createTestCore(engine);
    const db = testDb(core);
    const expiredCode = (email: string) =>
      db.insertInto('auth_codes').values({ email, purpose: 'login', code_hash: email, expires_at: new Date(Date.now() - 1000) }).execute();
    const codeExists = async (email: string) => (await db.selectFrom('auth_codes').select('id').where('email', '=', email).execute()).length > 0;
    await expiredCode('at-start@example.org');
    await db.insertInto('analytics_events').values({ name: 'old_event', created_at: new Date(Date.now() - 40 * 24 * 60 * 60_000) }).execute();

    running = await startServer(core, { port: 0, host: '127.0.0.1', housekeepingIntervalMs: 100 });
    expect(await eventually(async () => !(await codeExists('at-start@example.org')))).toBe(true);
    expect(await db.selectFrom('analytics_events').select('id').execute()).toEqual([]);
    await expiredCode('on-timer@example.org');
    expect(await eventually(async () => !(await codeExists('on-timer@example.org')))).toBe(true);

    await running.close();
    running = undefined;
    await expiredCode('after-close@example.org');
    expect(await eventually(async () => !(await codeExists('after-close@example.org')), 400)).toBe(false);
  });
});
