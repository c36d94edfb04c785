import { sql, type Kysely } from 'kysely';
import PQueue from 'p-queue';
import type { DB } from '../db/schema.js';
import type { ModelLimiter, RateLimits } from '../adapters/openai/rate-limit.js';
import { sleep } from '../adapters/openai/rate-limit.js';

/** A waiter looks again at least this often: other workers' calls end and settle meanwhile. */
const MAX_WAIT_MS = 1_000;
/** How often the rows older than the window are removed. */
const PURGE_EVERY_MS = 30_000;

/**
 * The model's requests and tokens per minute, counted over a sliding minute in the database
 * so that every worker on every machine draws from the same allowance. A call reserves its
 * estimated tokens (one row), and corrects them when the answer says how many it used.
 * Concurrency stays per process (`maxConcurrent`).
 */
export function createSharedRateLimiter(db: Kysely<DB>, model: string, limits: RateLimits): ModelLimiter {
  const local = new PQueue({ concurrency: limits.maxConcurrent ?? Number.POSITIVE_INFINITY });

  // Rows older than the window are removed now and then, not on every reservation: a
  // statement fewer in each model call's transaction (issue 26), and a few stale rows cost nothing.
  let purgedAt = 0;

  async function reserve(tokens: number, signal?: AbortSignal): Promise<string> {
    for (;;) {
      signal?.throwIfAborted();
      const purge = Date.now() - purgedAt > PURGE_EVERY_MS;
      const waitMs = await db.transaction().execute(async (tx) => {
        // One reservation at a time per model across all workers: count and insert atomically.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`civic:model-rate:${model}`}, 0))`.execute(tx);
        if (purge) await tx.deleteFrom('model_rate_usage').where('model', '=', model).where('at', '<', sql<Date>`clock_timestamp() - interval '2 minutes'`).execute();
        // Counted and inserted in one statement when it fits; it reads after the lock was taken, so no other reservation slips in between.
        const inserted = await sql<{ id: string }>`
          insert into model_rate_usage (model, tokens)
          select ${model}, ${Math.max(0, Math.round(tokens))}
            from (select count(*) as requests, coalesce(sum(tokens), 0) as used
                    from model_rate_usage where model = ${model} and at > clock_timestamp() - interval '1 minute') usage
           where usage.requests < ${limits.requestsPerMinute}
             and (usage.used = 0 or usage.used + ${Math.max(0, Math.round(tokens))} <= ${limits.tokensPerMinute})
          returning id`.execute(tx);
        const id = inserted.rows[0]?.id;
        if (id !== undefined) return id;
        const usage = await sql<{ oldest_ms: string | null }>`
          select extract(epoch from (min(at) + interval '1 minute' - clock_timestamp())) * 1000 as oldest_ms
            from model_rate_usage where model = ${model} and at > clock_timestamp() - interval '1 minute'`.execute(tx);
        return Math.max(50, Math.min(MAX_WAIT_MS, Number(usage.rows[0]?.oldest_ms ?? MAX_WAIT_MS)));
      });
      if (purge) purgedAt = Date.now();
      if (typeof waitMs === 'string') return waitMs;
      await sleep(waitMs, signal);
    }
  }

  return {
    schedule(estimatedTokens, task, signal) {
      return local.add(
        async () => {
          const id = await reserve(Math.max(0, estimatedTokens), signal);
          return task({
            settle: (tokens) => {
              // Corrected in the background: the caller has its answer and need not wait for the bookkeeping.
              void db.updateTable('model_rate_usage').set({ tokens: Math.max(0, Math.round(tokens)) }).where('id', '=', id).execute().catch(() => undefined);
            },
          });
        },
        { signal },
      );
    },
  };
}
