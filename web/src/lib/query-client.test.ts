import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { CACHE_MS, createQueryClient, retryDelay, retryUpTo, videoQuerySettings } from './query-client.js';

describe('query client (spec §9)', () => {
  it('caches 5 minutes and retries 3 times', () => {
    const defaults = createQueryClient().defaultOptions.queries;
    expect(defaults?.gcTime).toBe(5 * 60_000);
    expect(CACHE_MS).toBe(300_000);
    const retry = defaults?.retry as (count: number, error: unknown) => boolean;
    const serverError = new ApiError(503, 'INTERNAL', 'x');
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([true, true, true, false]);
  });

  it('backs off exponentially, never waiting more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not retry a verdict such as 404', () => {
    expect(retryUpTo(3)(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
  });

  it('gives video queries one retry and no cache', () => {
    const serverError = new ApiError(500, 'INTERNAL', 'x');
    expect([0, 1].map((count) => videoQuerySettings.retry(count, serverError))).toEqual([true, false]);
    expect(videoQuerySettings.gcTime).toBe(0);
  });
});
