/**
 * Errors owned by core. Front doors map `code` to their own vocabulary:
 * the server to HTTP status codes, the CLI to exit codes. Core never knows about either.
 */
export const ERROR_CODES = [
  'BAD_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'CONFIG',
  'DATABASE_UNAVAILABLE',
  'MIGRATION_FAILED',
  'UPSTREAM',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Machine-readable detail safe to show to the caller (e.g. validation issues). */
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; details?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export type NamedResource = 'city' | 'source' | 'video';

/**
 * A record the caller named does not exist. The message is the site's wording; `details`
 * carries what was named, so the CLI can say it its own way (with the command that lists them).
 */
export function notFoundError(resource: NamedResource, ref: string, message: string): AppError {
  return new AppError('NOT_FOUND', message, { details: { resource, ref } });
}

/**
 * A service we call (YouTube, the model's API) refused the key we sent: the operator's
 * configuration to fix, neither the caller's request nor our bug. CONFIG, so the CLI exits 2;
 * `details.rejectedBy` lets the server answer 502 with the message instead of a bare 500.
 */
export function keyRejectedError(service: 'youtube' | 'openai', message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}): AppError {
  return new AppError('CONFIG', message, { cause: options.cause, details: { ...options.details, rejectedBy: service } });
}

export function isKeyRejected(error: unknown): error is AppError {
  return isAppError(error) && typeof (error.details as { rejectedBy?: unknown } | undefined)?.rejectedBy === 'string';
}
