import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../core/index.js';
import { createTestCore } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { batchCities } from './ingest.js';

describe.each(TEST_ENGINES)('civic batch on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
    // The JSON summary is not what this test reads.
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await core.close();
  });

  it('deletes expired personal data after its run, old analytics with it', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60_000);
    await core.db.insertInto('analytics_events').values([{ name: 'old_event', created_at: old }, { name: 'new_event' }]).execute();
    await core.db.insertInto('users').values({ email: 'never-confirmed@example.org', created_at: old }).execute();
    await core.db.insertInto('auth_codes').values({ email: 'x@example.org', purpose: 'login', code_hash: 'h', expires_at: old }).execute();

    await batchCities(core, { status: 'Live', json: true });
    expect(await core.db.selectFrom('analytics_events').select('name').execute()).toEqual([{ name: 'new_event' }]);
    expect(await core.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await core.db.selectFrom('auth_codes').select('id').execute()).toEqual([]);
  });
});
