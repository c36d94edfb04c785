import type { ErrorCode } from '../core/index.js';

/**
 * What `civic` exits with, for cron and scripts (README "Exit codes"; design.md §4):
 * 0 all done, 1 some items failed (or an unexpected error), 2 usage or configuration error
 * (including "no database where DATA_DIR points" and a PostgreSQL database never migrated),
 * 3 nothing to process (no city of the status asked for), 4 another run holds this work (try
 * again later; not a fault), 5 the database cannot be reached or opened (PostgreSQL down or
 * refusing us, the embedded database unreadable: the setting may be right, retry later), 130 and
 * 143 a run stopped by SIGINT (Ctrl-C) or SIGTERM (128 + the signal's number, as shells do),
 * after printing its summary; what it did not do is left for the next run.
 */
export const EXIT_OK = 0;
export const EXIT_PARTIAL_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_NOTHING_TO_DO = 3;
export const EXIT_WORK_HELD = 4;
const EXIT_DATABASE_UNAVAILABLE = 5;
export const EXIT_INTERRUPTED_SIGINT = 130;
export const EXIT_INTERRUPTED_SIGTERM = 143;

const USAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  'BAD_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'CONFIG',
  'MIGRATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
]);

/** Core marks an error "held by another process" in its details (the embedded database's lock). */
function isHeldElsewhere(details: unknown): boolean {
  return typeof details === 'object' && details !== null && (details as { heldBy?: unknown }).heldBy !== undefined;
}

export function exitCodeFor(code: ErrorCode, details?: unknown): number {
  if (isHeldElsewhere(details)) return EXIT_WORK_HELD;
  if (code === 'DATABASE_UNAVAILABLE') return EXIT_DATABASE_UNAVAILABLE;
  return USAGE_CODES.has(code) ? EXIT_USAGE : EXIT_PARTIAL_FAILURE;
}
