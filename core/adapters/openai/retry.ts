import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, keyRejectedError } from '../../errors.js';

/** What to do after a failed HTTP attempt. */
export type Failure =
  | { kind: 'retry'; message: string; retryAfterMs: number | null; answered: boolean }
  | { kind: 'fail'; error: Error; answered: boolean }
  | { kind: 'aborted' };

/** A server asking for more than this is not waited for; our own backoff applies instead. */
const MAX_RETRY_AFTER_MS = 60_000;

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date. */
export function readRetryAfter(headers: Headers | undefined, nowMs: number): number | null {
  if (!headers) return null;
  const parsed = parseRetryAfter(headers.get('retry-after-ms'), headers.get('retry-after'), nowMs);
  return parsed !== null && parsed >= 0 && parsed <= MAX_RETRY_AFTER_MS ? parsed : null;
}

function parseRetryAfter(ms: string | null, value: string | null, nowMs: number): number | null {
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Number(ms);
  if (value === null || value.trim() === '') return null;
  if (Number.isFinite(Number(value))) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - nowMs;
}

/**
 * Which failures are worth another attempt: rate limits (except an exhausted quota), server
 * errors, 408/409, timeouts and dropped connections. A rejected key or unknown model is a
 * configuration problem; any other 4xx means the request itself is wrong and would fail again.
 */
export function classifyFailure(error: unknown, context: { model: string; nowMs: number }): Failure {
  if (error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionTimeoutError) return { kind: 'retry', message: 'request timed out', retryAfterMs: null, answered: false };
  if (error instanceof APIConnectionError) {
    return { kind: 'retry', message: `connection failed (${describeCause(error)})`, retryAfterMs: null, answered: false };
  }
  if (!(error instanceof APIError) || error.status === undefined) {
    return { kind: 'fail', error: error instanceof Error ? error : new Error(String(error)), answered: false };
  }
  const status = error.status;
  const message = error.message;
  if (status === 401) return { kind: 'fail', error: keyRejectedError('openai', 'OpenAI API key rejected', { cause: error }), answered: true };
  if (status === 404) {
    return { kind: 'fail', error: new AppError('CONFIG', `Model "${context.model}" not found: ${message}`, { cause: error }), answered: true };
  }
  if (status === 429 && error.code === 'insufficient_quota') {
    return { kind: 'fail', error: new AppError('UPSTREAM', `OpenAI quota exhausted: ${message}`, { cause: error }), answered: true };
  }
  if (status === 408 || status === 409 || status === 429 || status >= 500) {
    return { kind: 'retry', message, retryAfterMs: readRetryAfter(error.headers, context.nowMs), answered: true };
  }
  return { kind: 'fail', error: new AppError('UPSTREAM', `Model call rejected: ${message}`, { cause: error }), answered: true };
}

function describeCause(error: APIConnectionError): string {
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${cause.message} ${code}` : cause.message;
  }
  return error.message;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** In [0, 1); Math.random by default. */
  random: () => number;
}

/**
 * Exponential backoff with "equal jitter": half the doubled delay is fixed, half random, so
 * clients that failed together do not come back together. A server's Retry-After wins.
 */
export function backoffDelay(failedAttempts: number, retryAfterMs: number | null, options: BackoffOptions): number {
  if (retryAfterMs !== null) return retryAfterMs;
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
}
