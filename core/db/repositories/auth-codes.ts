import type { Selectable } from 'kysely';
import type { AuthCodesTable } from '../schema.js';
import type { Executor } from './executor.js';

export type AuthCode = Selectable<AuthCodesTable>;
export type AuthCodePurpose = AuthCode['purpose'];

export function insertAuthCode(
  db: Executor,
  code: {
    email: string;
    purpose: AuthCodePurpose;
    codeHash: string;
    homeCityKey: string | null;
    expiresAt: Date;
    /** Confirmation tokens only: the password the sign-up asked for, set when confirmed. */
    passwordHash?: string | null;
  },
): Promise<AuthCode> {
  return db
    .insertInto('auth_codes')
    .values({
      email: code.email,
      purpose: code.purpose,
      code_hash: code.codeHash,
      home_city_key: code.homeCityKey,
      password_hash: code.passwordHash ?? null,
      expires_at: code.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks every open code of these purposes for the email as used: a new code replaces the old.
 * A used token's pending password is dropped at once (the row itself goes with the hourly
 * clean-up).
 */
export async function consumeOpenCodes(db: Executor, email: string, purposes: AuthCodePurpose[], at: Date): Promise<void> {
  await db
    .updateTable('auth_codes')
    .set({ consumed_at: at, password_hash: null })
    .where('email', '=', email)
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .execute();
}

/** The newest unused, unexpired code of these purposes for the email. */
export function findOpenCode(db: Executor, email: string, purposes: AuthCodePurpose[], now: Date): Promise<AuthCode | undefined> {
  return db
    .selectFrom('auth_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findOpenCodeByHash(db: Executor, purpose: AuthCodePurpose, codeHash: string, now: Date): Promise<AuthCode | undefined> {
  return db
    .selectFrom('auth_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Counts one attempt, atomically and only below the limit. Undefined when the code is used,
 * burned or gone: the caller then refuses even a right code.
 */
export function recordAttempt(db: Executor, id: string, maxAttempts: number): Promise<{ attempts: number } | undefined> {
  return db
    .updateTable('auth_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
}

/** True only for the caller that consumed it (two racing verifications cannot both win). */
export async function consumeCode(db: Executor, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('auth_codes')
    .set({ consumed_at: at, password_hash: null })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteCodesOfEmail(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('auth_codes').where('email', '=', email).execute();
}

/** Deletes used and expired codes and tokens (with any pending password); returns how many. */
export async function deleteSpentCodes(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('auth_codes')
    .where((eb) => eb.or([eb('consumed_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
