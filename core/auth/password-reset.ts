import { consumeCode, consumeOpenCodes, findOpenCodeByHash, insertAuthCode, type AuthCode } from '../db/repositories/auth-codes.js';
import type { Executor } from '../db/repositories/executor.js';
import { deleteSessionsOfUser } from '../db/repositories/sessions.js';
import { findUserByEmail, setPasswordHash } from '../db/repositories/users.js';
import type { User } from '../db/schema.js';
import { AppError } from '../errors.js';
import { normalizeEmail } from '../users/user-service.js';
import { toPublicUser, type AuthContext, type PublicUser } from './auth-context.js';
import { passwordChangedMail, resetLink, resetMail } from './auth-mail.js';
import { INVALID_RESET } from './auth-messages.js';
import { generateToken, RESET_TTL_MS, TOKEN_PATTERN } from './codes.js';
import { assertStrongPassword } from './password-strength.js';

/**
 * "Forgot your password?": a link mailed to a confirmed account sets a new password once.
 * Like sign-up, the request answers before the address is looked up, so neither the answer
 * nor its timing tells whether the address has an account.
 */
export function createPasswordReset(ctx: AuthContext) {
  const { db, hasher, now } = ctx;

  /** Always the same quiet success; the link goes out after answering, to confirmed accounts only. */
  async function requestPasswordReset(emailInput: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    ctx.background.run('password reset link', () => sendResetLink(email));
  }

  async function sendResetLink(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    // An unconfirmed account has no password to reset: its owner finishes the sign-up or uses a code.
    if (!user?.email_confirmed_at) {
      ctx.logger.debug('password reset requested for an address without a confirmed account');
      return;
    }
    const token = generateToken();
    await db.transaction().execute(async (trx) => {
      // Only the newest link works: an older one lying in the mailbox is one more way in.
      await consumeOpenCodes(trx, email, ['reset'], now());
      await insertAuthCode(trx, {
        email,
        purpose: 'reset',
        codeHash: hasher.hashToken(token, 'reset'),
        homeCityKey: null,
        expiresAt: new Date(now().getTime() + RESET_TTL_MS),
      });
    });
    await ctx.mailer.send(resetMail(ctx.siteName, email, resetLink(ctx.publicUrl, token)));
  }

  /**
   * The link of a reset email (POST /api/auth/reset): sets the new password and ends every
   * session of the account, a thief's included. Signs nobody in: the owner signs in afterwards.
   */
  async function resetPassword(tokenInput: string, password: string): Promise<PublicUser> {
    const token = tokenInput.trim();
    if (!TOKEN_PATTERN.test(token)) throw new AppError('BAD_INPUT', INVALID_RESET);
    const row = await findOpenCodeByHash(db, 'reset', hasher.hashToken(token, 'reset'), now());
    if (!row) throw new AppError('BAD_INPUT', INVALID_RESET);
    // Before anything is written: a refused password leaves the link usable for a better one.
    assertStrongPassword(password, row.email);
    const passwordHash = await ctx.passwords.hash(password);
    const user = await db.transaction().execute((trx) => applyReset(trx, row, passwordHash));
    if (!user) throw new AppError('BAD_INPUT', INVALID_RESET);
    const at = now();
    ctx.background.run('password changed notice', () => ctx.mailer.send(passwordChangedMail(ctx.siteName, user.email, at)));
    return toPublicUser(user);
  }

  async function applyReset(trx: Executor, row: AuthCode, passwordHash: string): Promise<User | undefined> {
    // Two requests with one link: only the one that consumes it goes on.
    if (!(await consumeCode(trx, row.id, now()))) return undefined;
    const user = await findUserByEmail(trx, row.email);
    // Deleted since the link was sent (and perhaps signed up again, unconfirmed): nothing to reset.
    if (!user?.email_confirmed_at) return undefined;
    // Whoever held another link or a sign-in code for the address loses it with the old password.
    await consumeOpenCodes(trx, row.email, ['reset', 'login', 'signup'], now());
    await setPasswordHash(trx, user.id, passwordHash);
    await deleteSessionsOfUser(trx, user.id);
    return user;
  }

  return { requestPasswordReset, resetPassword };
}
