import { sql } from 'kysely';
import type { RateLimits } from '../../ports/model-limiter.js';
import type { Executor } from './executor.js';

/**
 * One row per model request in the last minutes, for the rate limiter every worker shares
 * (queue/shared-rate-limiter.ts). The statements that count and insert run inside the
 * caller's transaction, after `lockModelUsage`.
 */

/** Serialises reservations for one model across every worker, until the transaction ends. */
export async function lockModelUsage(tx: Executor, model: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`civic:model-rate:${model}`}, 0))`.execute(tx);
}

/** Rows older than the two minutes any window can look back on. */
export async function purgeModelUsage(tx: Executor, model: string): Promise<void> {
  await tx.deleteFrom('model_rate_usage').where('model', '=', model).where('at', '<', sql<Date>`clock_timestamp() - interval '2 minutes'`).execute();
}

/**
 * Inserts a row for `tokens` when the last minute has room for one more request of that size
 * (counted and inserted in one statement), returning its id; undefined when it has not.
 * Run after `lockModelUsage`, so no other reservation slips in between.
 */
export async function reserveModelUsage(tx: Executor, model: string, tokens: number, limits: Pick<RateLimits, 'requestsPerMinute' | 'tokensPerMinute'>): Promise<string | undefined> {
  const inserted = await sql<{ id: string }>`
    insert into model_rate_usage (model, tokens)
    select ${model}, ${tokens}
      from (select count(*) as requests, coalesce(sum(tokens), 0) as used
              from model_rate_usage where model = ${model} and at > clock_timestamp() - interval '1 minute') usage
     where usage.requests < ${limits.requestsPerMinute}
       and (usage.used = 0 or usage.used + ${tokens} <= ${limits.tokensPerMinute})
    returning id`.execute(tx);
  return inserted.rows[0]?.id;
}

/** Milliseconds until the oldest request of the last minute leaves it; null when there is none. */
export async function msUntilOldestUsageExpires(tx: Executor, model: string): Promise<number | null> {
  const usage = await sql<{ oldest_ms: string | null }>`
    select extract(epoch from (min(at) + interval '1 minute' - clock_timestamp())) * 1000 as oldest_ms
      from model_rate_usage where model = ${model} and at > clock_timestamp() - interval '1 minute'`.execute(tx);
  const oldest = usage.rows[0]?.oldest_ms;
  return oldest === null || oldest === undefined ? null : Number(oldest);
}

/** Replaces a reservation's estimate with the tokens the answer says were used. */
export async function settleModelUsage(db: Executor, id: string, tokens: number): Promise<void> {
  await db.updateTable('model_rate_usage').set({ tokens }).where('id', '=', id).execute();
}
