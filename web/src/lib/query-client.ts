import { QueryClient, type DefaultOptions } from './query/client.js';
import { isRetryable } from './api-client.js';

/** Spec §9: query cache 5 minutes, 3 retries with backoff capped at 30 s. */
export const CACHE_MS = 5 * 60_000;
const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, ... never more than 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * Retries only what may succeed next time (no answer, 408, 429, 5xx): a 404 or 403 asked
 * again three times would only keep the reader waiting for the not-found view.
 */
export function retryUpTo(max: number) {
  return (failureCount: number, error: unknown) => failureCount < max && isRetryable(error);
}

// Queries are not read again when the window regains focus, and writes are never retried (lib/query).
const queryDefaults = {
  queries: {
    gcTime: CACHE_MS,
    staleTime: 30_000,
    retry: retryUpTo(MAX_RETRIES),
    retryDelay,
  },
} satisfies DefaultOptions;

/**
 * Spec §7/§9: video queries use one retry and no cache. Spread into a video's queryOptions:
 * `queryOptions({ queryKey, queryFn, ...videoQuerySettings })`.
 */
export const videoQuerySettings = {
  retry: retryUpTo(1),
  gcTime: 0,
  staleTime: 0,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
