import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { deleteExpiredPersonalData, type RetentionReport } from './retention.js';

/**
 * The privacy page's promises as one service: the server's hourly housekeeping, `civic batch`
 * and a schedule's batch job all call `expire`, so the three keep the same rules.
 */
export interface PrivacyService {
  /** Deletes the personal data kept past its time (retention.ts says what); `now` moves the clock in tests. */
  expire(now?: Date): Promise<RetentionReport>;
}

export function createPrivacyService(db: Kysely<DB>): PrivacyService {
  return { expire: (now = new Date()) => deleteExpiredPersonalData(db, now) };
}
