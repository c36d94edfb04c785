import { isAppError } from '../errors.js';

/** HTTP answers worth another attempt later, as the model adapter classifies them (retry.ts). */
const TRANSIENT_STATUS = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Whether a failed stage is worth retrying as a job: the faults the model adapter itself
 * retries (rate limits but not an exhausted quota, server errors, timeouts, dropped
 * connections) once its own attempts ran out, a database or network outage. A rejected key,
 * a bad request, a missing transcript or an invalid answer would fail the same way again.
 */
export function isRetryableFault(error: unknown): boolean {
  if (isAppError(error)) {
    if (error.code === 'DATABASE_UNAVAILABLE' || error.code === 'RATE_LIMITED') return true;
    if (error.code !== 'UPSTREAM') return false;
    return error.cause !== undefined && isTransientCause(error.cause);
  }
  return isTransientCause(error);
}

function isTransientCause(cause: unknown): boolean {
  if (typeof cause !== 'object' || cause === null) return false;
  const { status, code } = cause as { status?: unknown; code?: unknown };
  if (typeof status === 'number') return TRANSIENT_STATUS(status) && code !== 'insufficient_quota';
  // The SDK's classes do not set `name`; loading the SDK here only to use instanceof would cost every worker ~10 MB.
  const kind = (cause as { constructor?: { name?: string } }).constructor?.name;
  if (kind === 'APIConnectionError' || kind === 'APIConnectionTimeoutError') return true;
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  const inner = (cause as { cause?: unknown }).cause;
  return inner !== undefined && inner !== cause ? isTransientCause(inner) : false;
}
