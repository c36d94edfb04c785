import type { Kysely } from 'kysely';
import { z } from 'zod';
import { assertStrongPassword } from '../auth/password-strength.js';
import { hashPassword } from '../auth/passwords.js';
import { deleteCodesOfEmail } from '../db/repositories/auth-codes.js';
import type { Executor } from '../db/repositories/executor.js';
import { ensureProfile } from '../db/repositories/profiles.js';
import { deleteSessionsOfUser } from '../db/repositories/sessions.js';
import { grantRole, listRoles } from '../db/repositories/user-roles.js';
import { clearPasswordHash, confirmUserEmail, findUserByEmail, insertUser, setPasswordHash } from '../db/repositories/users.js';
import type { DB, User } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';

export interface AddUserInput {
  email: string;
  admin?: boolean;
  /** Set (or replace) the password; the account can otherwise sign in by email code only. */
  password?: string;
}

export interface AddedUser {
  id: string;
  email: string;
  created: boolean;
  roles: string[];
  /** As the profile screen names it (spec §2 screen 12). */
  role: 'Administrator' | 'Member';
  passwordSet: boolean;
  /**
   * The address had an unconfirmed account (anyone can start a sign-up for any address): its
   * password, pending confirmation links and codes were discarded and its sessions ended
   * before it was confirmed, so nothing a stranger set up survives.
   */
  credentialsReset: boolean;
}

const emailSchema = z.email();

/** Emails are compared lowercased and trimmed, as the users table stores them. */
export function normalizeEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!email || email.length > 254 || !emailSchema.safeParse(email).success) {
    throw new AppError('BAD_INPUT', `Invalid email address "${input.trim()}"`);
  }
  return email;
}

/** Drops what an unproven sign-up left on an account: password, links and codes, sessions. */
async function resetUnconfirmed(trx: Executor, user: User): Promise<void> {
  await clearPasswordHash(trx, user.id);
  await deleteCodesOfEmail(trx, user.email);
  await deleteSessionsOfUser(trx, user.id);
}

/** Accounts made by an operator: `civic user add`. */
export function createUserService(db: Kysely<DB>) {
  /**
   * Creates the user (or finds the existing one) with a confirmed email and a profile, and
   * grants admin when asked. Idempotent: running it again changes nothing but the password.
   * An existing unconfirmed account is never adopted as it is (see `credentialsReset`).
   */
  async function addUser(input: AddUserInput): Promise<AddedUser> {
    const email = normalizeEmail(input.email);
    if (input.password !== undefined) assertStrongPassword(input.password, email);
    // Hash before the transaction: it takes a noticeable fraction of a second on purpose.
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (trx) => {
        const existing = await findUserByEmail(trx, email);
        const credentialsReset = existing !== undefined && existing.email_confirmed_at === null;
        if (existing && credentialsReset) await resetUnconfirmed(trx, existing);
        const now = new Date();
        const user = existing
          ? ((await confirmUserEmail(trx, existing.id, now)) ?? existing)
          : await insertUser(trx, { email, emailConfirmedAt: now, passwordHash: passwordHash ?? null });
        if (existing && passwordHash) await setPasswordHash(trx, user.id, passwordHash);
        await ensureProfile(trx, user.id);
        if (input.admin) await grantRole(trx, user.id, 'admin');
        const roles = await listRoles(trx, user.id);
        return {
          id: user.id,
          email: user.email,
          created: !existing,
          roles,
          role: roles.includes('admin') ? 'Administrator' : 'Member',
          passwordSet: passwordHash !== undefined || user.password_hash !== null,
          credentialsReset,
        };
      });
    } catch (error) {
      // Two `user add` runs for one new email at once: the loser's second try finds the row.
      if (isUniqueViolation(error)) return addUser(input);
      throw error;
    }
  }

  /**
   * An account by address with its roles, or null: how an operator's command names the person
   * it acts as (`civic story edit --as`), since a terminal has no session.
   */
  async function findUser(email: string): Promise<{ id: string; email: string; roles: string[] } | null> {
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (!user) return null;
    return { id: user.id, email: user.email, roles: await listRoles(db, user.id) };
  }

  return { addUser, findUser };
}

export type UserService = ReturnType<typeof createUserService>;
