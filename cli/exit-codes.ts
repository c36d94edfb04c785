import type { ErrorCode } from '../core/index.js';

/** 0 all done, 1 some items failed, 2 usage or configuration error (design.md §4). */
export const EXIT_OK = 0;
export const EXIT_PARTIAL_FAILURE = 1;
export const EXIT_USAGE = 2;

const USAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  'BAD_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'CONFIG',
  'DATABASE_UNAVAILABLE',
  'MIGRATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
]);

export function exitCodeFor(code: ErrorCode): number {
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_PARTIAL_FAILURE;
}
