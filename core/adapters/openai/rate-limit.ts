import PQueue from 'p-queue';
import type { ModelLimiter, RateLimits, Reservation } from '../../ports/model-limiter.js';
import { sleep } from '../../sleep.js';

/** Time as the limiter and the retry loop see it; tests inject a manual clock. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with `signal.reason` when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const systemClock: Clock = { now: () => Date.now(), sleep };

/** OpenAI's limits for a new account's usual tier: what the analyzer (and a worker's shared limiter) assume. */
export const DEFAULT_MODEL_LIMITS: RateLimits = { requestsPerMinute: 500, tokensPerMinute: 200_000, maxConcurrent: 4 };

const WINDOW_MS = 60_000;

interface Entry {
  at: number;
  tokens: number;
}

/**
 * Requests and tokens per minute over a sliding 60-second window, as OpenAI counts them.
 * A call reserves its estimated tokens before it starts and corrects them when it ends.
 * Waiters are served in arrival order and sleep until the window has room (no polling);
 * a settlement that frees room wakes them early. One call larger than the whole token
 * budget still runs, alone, once the window is empty of tokens.
 */
export class RateLimiter implements ModelLimiter {
  private readonly window: Entry[] = [];
  private readonly queue: PQueue;
  private readonly wakers = new Set<() => void>();
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly limits: RateLimits,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(limits.requestsPerMinute >= 1) || !(limits.tokensPerMinute >= 1)) {
      throw new RangeError('Rate limits must allow at least one request and one token per minute');
    }
    this.queue = new PQueue({ concurrency: limits.maxConcurrent ?? Number.POSITIVE_INFINITY });
  }

  /** Runs `task` once a concurrency slot and room in the window are free. */
  schedule<T>(estimatedTokens: number, task: (reservation: Reservation) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.queue.add(
      async () => {
        const reservation = await this.reserve(estimatedTokens, signal);
        return task(reservation);
      },
      { signal },
    );
  }

  /** Waits for room for one request of `tokens` tokens, in arrival order. */
  reserve(tokens: number, signal?: AbortSignal): Promise<Reservation> {
    const mine = this.turn.then(() => this.waitForRoom(Math.max(0, tokens), signal));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** Requests and tokens counted in the current window (for tests and diagnostics). */
  usage(): { requests: number; tokens: number } {
    this.prune(this.clock.now());
    return { requests: this.window.length, tokens: this.usedTokens() };
  }

  private async waitForRoom(tokens: number, signal: AbortSignal | undefined): Promise<Reservation> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.prune(now);
      const waitMs = this.waitFor(tokens, now);
      if (waitMs <= 0) return this.take(now, tokens);
      await this.sleepUnlessWoken(waitMs, signal);
    }
  }

  private take(now: number, tokens: number): Reservation {
    const entry: Entry = { at: now, tokens };
    this.window.push(entry);
    return {
      settle: (actual) => {
        const freed = actual < entry.tokens;
        entry.tokens = Math.max(0, actual);
        if (freed) this.wake();
      },
    };
  }

  /** Milliseconds until a request of `tokens` fits; 0 when it fits now. */
  private waitFor(tokens: number, now: number): number {
    let until = now;
    const first = this.window[0];
    if (first && this.window.length >= this.limits.requestsPerMinute) until = Math.max(until, first.at + WINDOW_MS);
    let used = this.usedTokens();
    if (used > 0 && used + tokens > this.limits.tokensPerMinute) {
      // The time the oldest entries must leave the window for this request to fit.
      for (const entry of this.window) {
        used -= entry.tokens;
        if (used === 0 || used + tokens <= this.limits.tokensPerMinute) {
          until = Math.max(until, entry.at + WINDOW_MS);
          break;
        }
      }
    }
    return until - now;
  }

  private usedTokens(): number {
    return this.window.reduce((sum, entry) => sum + entry.tokens, 0);
  }

  private prune(now: number): void {
    while (this.window.length > 0 && this.window[0]!.at + WINDOW_MS <= now) this.window.shift();
  }

  private wake(): void {
    for (const waker of this.wakers) waker();
  }

  private async sleepUnlessWoken(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    this.wakers.add(stop);
    try {
      await this.clock.sleep(ms, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      signal?.throwIfAborted();
    } finally {
      this.wakers.delete(stop);
      signal?.removeEventListener('abort', stop);
    }
  }
}
