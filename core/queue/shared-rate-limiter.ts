import type { Kysely } from 'kysely';
import PQueue from 'p-queue';
import { reserveModelUsage, settleModelUsage } from '../db/repositories/model-rate-usage.js';
import type { DB } from '../db/schema.js';
import type { ModelLimiter, RateLimits } from '../ports/model-limiter.js';
import { sleep } from '../sleep.js';

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

  // Rows older than the window are removed now and then, not on every reservation: a few stale rows cost nothing.
  let purgedAt = 0;

  async function reserve(tokens: number, signal?: AbortSignal): Promise<string> {
    for (;;) {
      signal?.throwIfAborted();
      const purge = Date.now() - purgedAt > PURGE_EVERY_MS;
      // One reservation at a time per model across all workers, counted and inserted under its lock.
      const reserved = await reserveModelUsage(db, model, Math.max(0, Math.round(tokens)), limits, purge);
      if (purge) purgedAt = Date.now();
      if ('id' in reserved) return reserved.id;
      await sleep(Math.max(50, Math.min(MAX_WAIT_MS, reserved.waitMs ?? MAX_WAIT_MS)), signal);
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
              void settleModelUsage(db, id, Math.max(0, Math.round(tokens))).catch(() => undefined);
            },
          });
        },
        { signal },
      );
    },
  };
}
