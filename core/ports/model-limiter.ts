/**
 * How a language-model client paces its requests. Adapters: the analyzer's own in-process
 * window (adapters/openai/rate-limit.ts), or one shared by every worker through the database
 * (queue/shared-rate-limiter.ts), chosen by the composition root.
 */
export interface RateLimits {
  requestsPerMinute: number;
  tokensPerMinute: number;
  /** Requests in flight at once; unlimited when absent. */
  maxConcurrent?: number;
}

/** A slot taken in the window; `settle` replaces the estimate with the tokens really used. */
export interface Reservation {
  settle(tokens: number): void;
}

export interface ModelLimiter {
  schedule<T>(estimatedTokens: number, task: (reservation: Reservation) => Promise<T>, signal?: AbortSignal): Promise<T>;
}
