import type { Kysely } from 'kysely';
import { EVENT_RETENTION_DAYS } from '../analytics/analytics-service.js';
import { deleteEventsBefore } from '../db/repositories/analytics-events.js';
import { deleteSpentCodes } from '../db/repositories/auth-codes.js';
import { deleteStalePasswordAttempts } from '../db/repositories/password-attempts.js';
import { DEFAULT_PASSWORD_THROTTLE } from '../auth/password-throttle.js';
import { deleteStaleUnconfirmedUsers } from '../db/repositories/users.js';
import type { DB } from '../db/schema.js';

/** An account whose address was never confirmed is deleted this long after sign-up. */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionReport {
  /** Used or expired sign-in codes and confirmation tokens (with their pending passwords). */
  codes: number;
  unconfirmedAccounts: number;
  analyticsEvents: number;
  /** Counts of password attempts per address whose window is over (deleting them changes nothing). */
  passwordAttempts: number;
}

/**
 * What the privacy page promises, kept by the code: sign-in codes, used and expired
 * confirmation links, accounts never confirmed (after 7 days), analytics events (after 30
 * days, spec §9) and the password attempts counted per address (once their window is over)
 * are deleted. Called only through PrivacyService.expire (privacy-service.ts): by the server at
 * start and hourly, by `civic batch`, and by a schedule's batch job.
 * Idempotent; `now` is a parameter so tests can move time.
 */
export async function deleteExpiredPersonalData(db: Kysely<DB>, now: Date): Promise<RetentionReport> {
  return db.transaction().execute(async (trx) => {
    // Codes first: an unconfirmed account is kept while a link sent to it is still open.
    const codes = await deleteSpentCodes(trx, now);
    const unconfirmedAccounts = await deleteStaleUnconfirmedUsers(trx, new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * DAY_MS), now);
    const analyticsEvents = await deleteEventsBefore(trx, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS));
    const passwordAttempts = await deleteStalePasswordAttempts(trx, new Date(now.getTime() - DEFAULT_PASSWORD_THROTTLE.windowMs));
    return { codes, unconfirmedAccounts, analyticsEvents, passwordAttempts };
  });
}
