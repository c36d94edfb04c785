/**
 * Plain HTTP GETs against youtube.com (feed, channel pages, oEmbed) with a timeout per
 * request and the caller's abort signal, turning network failures into one-line AppErrors.
 */
import { AppError } from '../../errors.js';
import { throwIfAborted } from './video-list.js';

export interface WebFetchOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fetch: typeof globalThis.fetch;
  headers?: Record<string, string>;
}

export interface WebResponse {
  status: number;
  text: string;
}

export async function fetchWeb(url: string, what: string, options: WebFetchOptions): Promise<WebResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await options.fetch(url, { headers: options.headers ?? {}, signal, redirect: 'follow' });
    return { status: response.status, text: await response.text() };
  } catch (cause) {
    throwIfAborted(options.signal);
    if (timeout.aborted) {
      throw new AppError('UPSTREAM', `YouTube did not answer in time (${options.timeoutMs / 1000} s) for ${what}`, { cause });
    }
    const reason = cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
    throw new AppError('UPSTREAM', `Could not reach YouTube for ${what}: ${reason}`, { cause });
  }
}

/** The error for a status that is neither success nor a "not found" the caller words itself. */
export function httpStatusError(status: number, what: string): AppError {
  if (status === 429) return new AppError('RATE_LIMITED', `YouTube is rate-limiting requests (HTTP 429) for ${what}; try again later`);
  return new AppError('UPSTREAM', `YouTube answered HTTP ${status} for ${what}`);
}
