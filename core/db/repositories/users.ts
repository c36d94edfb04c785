import type { User } from '../schema.js';
import type { Executor } from './executor.js';

/** Emails are stored lowercased and trimmed (a check constraint holds the table to it). */
export function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(
  db: Executor,
  user: { email: string; passwordHash?: string | null; emailConfirmedAt?: Date | null },
): Promise<User> {
  return db
    .insertInto('users')
    .values({ email: user.email, password_hash: user.passwordHash ?? null, email_confirmed_at: user.emailConfirmedAt ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the email confirmed unless it already is (the first confirmation time is kept). */
export function confirmUserEmail(db: Executor, id: string, at: Date): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(at)), updated_at: new Date() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setPasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Deletes the account; profiles, roles and sessions go with it (foreign keys cascade). */
export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('users').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

export async function clearPasswordHash(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: null, updated_at: new Date() }).where('id', '=', id).execute();
}

/**
 * Deletes accounts never confirmed and created before `createdBefore`, unless a link or code
 * sent to the address is still open (a sign-up in progress). Profiles and sessions cascade.
 */
export async function deleteStaleUnconfirmedUsers(db: Executor, createdBefore: Date, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('auth_codes')
            .select('auth_codes.id')
            .whereRef('auth_codes.email', '=', 'users.email')
            .where('auth_codes.consumed_at', 'is', null)
            .where('auth_codes.expires_at', '>', now),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
