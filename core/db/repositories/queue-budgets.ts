import { sql } from 'kysely';
import type { Executor } from './executor.js';

/**
 * A queued run's --max-cost, in the database so every worker spends from the same budget. As
 * in-process, it stops the start of new model stages once spent; a stage under way finishes.
 */
export async function createBudget(db: Executor, limitUsd: number): Promise<string> {
  const row = await db.insertInto('queue_budgets').values({ limit_usd: limitUsd.toFixed(6) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function budgetReached(db: Executor, budgetId: string): Promise<boolean> {
  const row = await db.selectFrom('queue_budgets').select(['limit_usd', 'spent_usd']).where('id', '=', budgetId).executeTakeFirst();
  // A budget row removed by hand no longer limits anything.
  return row !== undefined && Number(row.spent_usd) >= Number(row.limit_usd);
}

/** Adds a model call's cost in one statement, so concurrent workers never lose an addition. */
export async function spendFromBudget(db: Executor, budgetId: string, usd: number): Promise<void> {
  if (!(usd > 0)) return;
  await db
    .updateTable('queue_budgets')
    .set({ spent_usd: sql`spent_usd + ${usd.toFixed(6)}::numeric` })
    .where('id', '=', budgetId)
    .execute();
}
