/**
 * Turns what googleapis throws (a GaxiosError: `response.status`, and the Google error body
 * `response.data.error` with `errors[].reason` and, in newer answers, `details[].reason`) into
 * one-line AppErrors an operator can act on.
 */
import { AppError, isAppError, keyRejectedError } from '../../errors.js';
import { decodeXmlEntities } from './xml-text.js';

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: { reason?: string; message?: string; domain?: string }[];
    details?: { reason?: string }[];
  };
}

interface GaxiosLike {
  message?: string;
  code?: unknown;
  response?: { status?: number; data?: unknown };
}

const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'dailyLimitExceededUnreg']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);
const KEY_REASONS = new Set([
  'keyInvalid', 'keyExpired', 'API_KEY_INVALID', 'API_KEY_EXPIRED', 'accessNotConfigured', 'SERVICE_DISABLED',
  'ipRefererBlocked', 'API_KEY_HTTP_REFERRER_BLOCKED', 'API_KEY_IP_ADDRESS_BLOCKED', 'API_KEY_SERVICE_BLOCKED',
]);

/** Google puts HTML in some messages ("your <a href=…>quota</a>"); keep one plain line. */
function plainLine(text: string): string {
  return decodeXmlEntities(text.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
}

function readBody(data: unknown): GoogleErrorBody['error'] {
  if (typeof data === 'string') {
    try {
      return (JSON.parse(data) as GoogleErrorBody).error;
    } catch {
      return { message: data.slice(0, 200) };
    }
  }
  return data && typeof data === 'object' ? (data as GoogleErrorBody).error : undefined;
}

function networkError(error: GaxiosLike, what: string): AppError {
  if (error.code === 'TimeoutError') {
    return new AppError('UPSTREAM', `The YouTube Data API did not answer in time for ${what}`, { cause: error });
  }
  const detail = plainLine(error.message ?? String(error));
  return new AppError('UPSTREAM', `Could not reach the YouTube Data API for ${what}: ${detail}`, { cause: error });
}

export function toDataApiError(error: unknown, what: string): AppError {
  if (isAppError(error)) return error;
  const gaxios = (error ?? {}) as GaxiosLike;
  const status = gaxios.response?.status;
  if (status === undefined) return networkError(gaxios, what);
  const body = readBody(gaxios.response?.data);
  const reasons = new Set(
    [...(body?.errors ?? []), ...(body?.details ?? [])].map((entry) => entry.reason).filter((r): r is string => !!r),
  );
  const has = (set: ReadonlySet<string>) => [...reasons].some((reason) => set.has(reason));
  const message = plainLine(body?.errors?.[0]?.message ?? body?.message ?? `HTTP ${status}`);
  const options = { cause: error, details: { status, reasons: [...reasons] } };
  if (has(QUOTA_REASONS)) return new AppError('RATE_LIMITED', `YouTube Data API quota exceeded: ${message}`, options);
  if (status === 429 || has(RATE_REASONS)) {
    return new AppError('RATE_LIMITED', `YouTube Data API rate limit hit: ${message}`, options);
  }
  if (has(KEY_REASONS) || (status === 400 && /api key/i.test(message))) {
    return keyRejectedError('youtube', `YouTube rejected the API key (YOUTUBE_API_KEY): ${message}`, { cause: error, details: options.details });
  }
  if (status === 404) return new AppError('NOT_FOUND', `YouTube ${what} not found: ${message}`, options);
  if (status === 403) return new AppError('NOT_FOUND', `YouTube ${what} is private or not accessible: ${message}`, options);
  if (status === 400) return new AppError('UPSTREAM', `The YouTube Data API refused the request for ${what}: ${message}`, options);
  return new AppError('UPSTREAM', `The YouTube Data API failed (HTTP ${status}) for ${what}: ${message}`, options);
}
