import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { budgetReached, createBudget, spendFromBudget } from '../db/repositories/queue-budgets.js';
import { createSharedRateLimiter } from './shared-rate-limiter.js';

// What workers share through the database; pointless on the embedded database (one process).
const engines = TEST_ENGINES.filter((engine) => engine === 'postgres');

describe.skipIf(engines.length === 0)('state shared by workers on PostgreSQL', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(async () => {
    await database.close();
  });

  it('spends one --max-cost budget from every worker, losing no concurrent addition', async () => {
    const budget = await createBudget(database.db, 0.05);
    await Promise.all(Array.from({ length: 10 }, () => spendFromBudget(database.db, budget, 0.004)));
    expect(await budgetReached(database.db, budget)).toBe(false);
    await spendFromBudget(database.db, budget, 0.01);
    expect(await budgetReached(database.db, budget)).toBe(true);
    const row = await database.db.selectFrom('queue_budgets').select('spent_usd').where('id', '=', budget).executeTakeFirstOrThrow();
    expect(Number(row.spent_usd)).toBeCloseTo(0.05, 6);
  });

  it("holds the model's requests per minute across two workers' limiters", async () => {
    const limits = { requestsPerMinute: 2, tokensPerMinute: 1_000_000, maxConcurrent: 4 };
    const first = createSharedRateLimiter(database.db, 'gpt-test', limits);
    const second = createSharedRateLimiter(database.db, 'gpt-test', limits);
    const ran: string[] = [];
    await Promise.all([first.schedule(10, async () => ran.push('a')), second.schedule(10, async () => ran.push('b'))]);
    const third = second.schedule(10, async () => ran.push('c'));
    // Give the waiter a few rounds of asking: the minute is full, so it must not run.
    await delay(1_500);
    expect(ran.sort()).toEqual(['a', 'b']);
    // The minute passes (moved back in time rather than waited for): the third call goes.
    await sql`update model_rate_usage set at = at - interval '61 seconds'`.execute(database.db);
    await third;
    expect(ran).toContain('c');
    const rows = await database.db.selectFrom('model_rate_usage').select('model').where('at', '>', sql<Date>`now() - interval '1 minute'`).execute();
    expect(rows).toHaveLength(1);
  });
});
