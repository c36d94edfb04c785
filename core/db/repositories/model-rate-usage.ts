import { sql } from 'kysely';
import type { RateLimits } from '../../ports/model-limiter.js';
import type { Executor } from './executor.js';

/**
 * One row per model request in the last minutes, for the rate limiter every worker shares
 * (queue/shared-rate-limiter.ts).
 */

/**
 * Reserves `tokens` for one request of `model` when the last minute has room for it, every
 * worker's reservations taking turns on the model's lock (the function of migration 0023, one
 * round trip): the reservation's id, or how long until the oldest request leaves the minute
 * (null when there is none). `purge` also removes the rows older than any window.
 */
export async function reserveModelUsage(
  db: Executor,
  model: string,
  tokens: number,
  limits: Pick<RateLimits, 'requestsPerMinute' | 'tokensPerMinute'>,
  purge: boolean,
): Promise<{ id: string } | { waitMs: number | null }> {
  const { rows } = await sql<{ reserved: string | null; wait_ms: number | null }>`
    select reserved, wait_ms from reserve_model_usage(${model}, ${tokens}, ${limits.requestsPerMinute}, ${limits.tokensPerMinute}, ${purge})`.execute(db);
  const row = rows[0];
  if (row?.reserved) return { id: row.reserved };
  return { waitMs: row?.wait_ms === null || row?.wait_ms === undefined ? null : Number(row.wait_ms) };
}

/** Replaces a reservation's estimate with the tokens the answer says were used. */
export async function settleModelUsage(db: Executor, id: string, tokens: number): Promise<void> {
  await db.updateTable('model_rate_usage').set({ tokens }).where('id', '=', id).execute();
}
