import { isDatabaseGone } from '../db/sturdy-client.js';
import type { RunSummary } from './run.js';

/**
 * Thrown to refuse work a run should no longer start: a model attempt after the run budget
 * was spent or after the operator asked the run to stop. The stage it interrupts is handed
 * back (not started, for the next run), never recorded as failed.
 */
export class RunStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}

export const INTERRUPTED_REASON = 'interrupted: left for the next run';
export const BUDGET_REASON = 'run budget reached: no new model calls';
export const DATABASE_LOST_REASON = 'the database went away: left for the next run';

/**
 * A run's database went away under it (the civic process holding the embedded database was
 * killed, PostgreSQL restarted): set by the first step that finds it gone, after which the
 * run starts nothing more, and what it had not finished is left undone for the next run.
 */
export interface DatabaseCutOff {
  lost: boolean;
  error: unknown;
}

export function databaseCutOff(): DatabaseCutOff {
  return { lost: false, error: undefined };
}

/** Whether this error says the database went away; the first such error is kept as the cut-off's. */
export function noticeDatabaseLoss(cutOff: DatabaseCutOff, error: unknown): boolean {
  if (!isDatabaseGone(error)) return false;
  if (!cutOff.lost) Object.assign(cutOff, { lost: true, error });
  return true;
}

/**
 * Thrown by a run cut off from its database, with the summary of what it did and left
 * undone (the caller prints it before the error); `cause` is the database's error.
 */
export class RunCutOff extends Error {
  constructor(
    readonly summary: RunSummary,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'RunCutOff';
  }
}
