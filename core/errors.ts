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
  'BUDGET_EXCEEDED',
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
