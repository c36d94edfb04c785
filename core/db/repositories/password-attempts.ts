import type { Selectable } from 'kysely';
import type { PasswordAttemptsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type PasswordAttempts = Selectable<PasswordAttemptsTable>;
export type PasswordAttemptsState = Omit<PasswordAttempts, 'email'>;

/** Makes the address's row if it has none, so that the next query has a row to lock. */
export async function ensurePasswordAttempts(db: Executor, email: string, now: Date): Promise<void> {
  await db
    .insertInto('password_attempts')
    .values({ email, window_started_at: now, last_attempt_at: now, failures: 0, next_attempt_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/** The row, locked until the transaction ends: attempts for one address are planned one at a time. */
export function lockPasswordAttempts(db: Executor, email: string): Promise<PasswordAttempts | undefined> {
  return db.selectFrom('password_attempts').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
}

export async function savePasswordAttempts(db: Executor, email: string, state: PasswordAttemptsState): Promise<void> {
  await db.updateTable('password_attempts').set(state).where('email', '=', email).execute();
}

/** An attempt counted when it started turned out right: it is not a failure. */
export async function uncountAttempt(db: Executor, email: string): Promise<void> {
  await db
    .updateTable('password_attempts')
    .set((eb) => ({ failures: eb.fn('greatest', [eb('failures', '-', 1), eb.val(0)]) }))
    .where('email', '=', email)
    .execute();
}

/**
 * Marks the window's notice as sent once it has `threshold` failures; only the first caller
 * gets the row back (one mail per window, however many requests fail at once).
 */
export function claimNotice(db: Executor, email: string, threshold: number, now: Date): Promise<Pick<PasswordAttempts, 'window_started_at' | 'failures'> | undefined> {
  return db
    .updateTable('password_attempts')
    .set({ notified_at: now })
    .where('email', '=', email)
    .where('notified_at', 'is', null)
    .where('failures', '>=', threshold)
    .returning(['window_started_at', 'failures'])
    .executeTakeFirst();
}

/** Deletes the rows of windows that ended before `before`; returns how many. */
export async function deleteStalePasswordAttempts(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('password_attempts').where('last_attempt_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
