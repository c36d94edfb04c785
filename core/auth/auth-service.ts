import type { Kysely } from 'kysely';
import {
  consumeCode,
  consumeOpenCodes,
  findOpenCode,
  insertAuthCode,
  recordAttempt,
  type AuthCodePurpose,
} from '../db/repositories/auth-codes.js';
import { ensureProfile } from '../db/repositories/profiles.js';
import { hasRole } from '../db/repositories/user-roles.js';
import { clearPasswordHash, confirmUserEmail, findUserByEmail, findUserById, insertUser } from '../db/repositories/users.js';
import type { DB, User } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import { normalizeEmail } from '../users/user-service.js';
import {
  applyHomeCity,
  requireCityKey,
  toPublicUser,
  tryNormalizeEmail,
  type AuthContext,
  type PasswordHashing,
  type PublicUser,
} from './auth-context.js';
import { codeMail } from './auth-mail.js';
import { INVALID_CODE, INVALID_CODE_FORMAT, INVALID_CREDENTIALS } from './auth-messages.js';
import { createBackgroundWork } from './background-work.js';
import { CODE_PATTERN, CODE_TTL_MS, MAX_CODE_ATTEMPTS, createCodeHasher, generateCode } from './codes.js';
import { createPasswordGuard } from './password-guard.js';
import { DEFAULT_PASSWORD_THROTTLE, type PasswordThrottleSettings } from './password-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSignUpFlow } from './sign-up.js';
import { createPasswordReset } from './password-reset.js';
import { isUuid } from '../domain/ids.js';

export * from './auth-messages.js';
export { type PublicUser, type PasswordHashing } from './auth-context.js';
export type { SignUpInput, SignUpResult } from './sign-up.js';
export { type PasswordThrottleSettings } from './password-throttle.js';

export interface AuthServiceDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  logger: Logger;
  /** Pepper for the code and token hashes. */
  secret: string;
  siteName: string;
  /** Origin of the links in emails (config PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
  /** argon2id by default; tests pass a counting wrapper. */
  passwords?: PasswordHashing;
  /** How a slowed password attempt waits for its slot (tests pass one that moves their clock). */
  sleep?: (ms: number) => Promise<void>;
  passwordThrottle?: Partial<PasswordThrottleSettings>;
}

export interface PasswordSignInOptions {
  /**
   * Whether the client proved (device cookie) that it signed in to this account before; given
   * the normalized address. Such a client is not slowed by the failures of others.
   */
  trustedDevice?: (email: string) => boolean;
}

// A real argon2id hash (of a random string nobody knows) with hashPassword's parameters:
// verifying against it for an unknown email costs what a real check costs.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$FD/bQ0UtGOof6dWgwyax/Q$21qGeX9j43JFfsFXeqF8M4ZkICzPFr2pG5O/RbE6cBA';
const OTP_PURPOSES: AuthCodePurpose[] = ['login', 'signup'];

/**
 * Accounts for the site: sign-up with email confirmation, password sign-in, email one-time
 * codes, password reset by a mailed link. No answer, and no answer's timing, reveals whether
 * an address has an account.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const ctx: AuthContext = {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    hasher: createCodeHasher(deps.secret),
    passwords: deps.passwords ?? { hash: hashPassword, verify: verifyPassword },
    background: createBackgroundWork(deps.logger),
    siteName: deps.siteName,
    publicUrl: deps.publicUrl,
    now: deps.now ?? (() => new Date()),
  };
  const { db, hasher, now } = ctx;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const guard = createPasswordGuard(ctx, { ...DEFAULT_PASSWORD_THROTTLE, ...deps.passwordThrottle }, sleep);

  /**
   * The rule (no account enumeration, whatever the caller did before: sign-up, code request
   * or nothing): only a confirmed account with its right password signs in; everything else
   * answers INVALID_CREDENTIALS, the same words and status. An unconfirmed account answers so
   * even to the password of its pending sign-up: that password is the caller's own choice, so
   * telling "not confirmed" would tell that the address has an account. One argon2
   * verification on every path (a dummy hash where there is no usable one), so timing tells
   * nothing either. From an untrusted client the attempt first waits its turn in the
   * address's throttle, counted and slowed alike for every address (password-guard.ts).
   */
  async function signInWithPassword(emailInput: string, password: string, options: PasswordSignInOptions = {}): Promise<PublicUser> {
    const email = tryNormalizeEmail(emailInput);
    // An unparsable address can have no account: there is nothing to guard or to tell.
    const guarded = email !== undefined && !options.trustedDevice?.(email);
    if (guarded) await guard.admit(email);
    const user = email ? await findUserByEmail(db, email) : undefined;
    const usable = user?.email_confirmed_at && user.password_hash ? user : undefined;
    const matches = await ctx.passwords.verify(usable?.password_hash ?? DUMMY_HASH, password);
    const succeeded = usable !== undefined && matches;
    if (guarded) await guard.settle(email, succeeded);
    if (!succeeded) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    return toPublicUser(usable);
  }

  /**
   * Emails a 6-digit code after answering (the caller answers 202 for every address). In
   * login mode an unknown address gets nothing: accounts are made by a code only in signup
   * mode. A new code replaces the old. How often is the server's to limit, per client and per
   * address alike.
   */
  async function sendCode(emailInput: string, mode: 'login' | 'signup'): Promise<void> {
    const email = normalizeEmail(emailInput);
    ctx.background.run('sign-in code', () => deliverCode(email, mode));
  }

  async function deliverCode(email: string, mode: 'login' | 'signup'): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user && mode === 'login') {
      ctx.logger.debug('code requested in login mode for an address without an account');
      return;
    }
    const purpose: AuthCodePurpose = user ? 'login' : 'signup';
    const code = generateCode();
    await db.transaction().execute(async (trx) => {
      await consumeOpenCodes(trx, email, OTP_PURPOSES, now());
      await insertAuthCode(trx, {
        email,
        purpose,
        codeHash: hasher.hashCode(purpose, email, code),
        homeCityKey: null,
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      });
    });
    await ctx.mailer.send(codeMail(ctx.siteName, email, code));
  }

  async function verifyCode(input: { email: string; token: string; homeCityKey?: string | undefined }): Promise<PublicUser> {
    const token = input.token.trim();
    if (!CODE_PATTERN.test(token)) throw new AppError('BAD_INPUT', INVALID_CODE_FORMAT);
    const email = tryNormalizeEmail(input.email);
    if (!email) throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    const city = await requireCityKey(db, input.homeCityKey);
    const code = await findOpenCode(db, email, OTP_PURPOSES, now());
    // Counting first, atomically below the limit: after 5 tries even the right code fails.
    const attempt = code ? await recordAttempt(db, code.id, MAX_CODE_ATTEMPTS) : undefined;
    if (!code || !attempt) throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    if (!hasher.matches(code.code_hash, code.purpose, email, token)) {
      if (attempt.attempts >= MAX_CODE_ATTEMPTS) await consumeCode(db, code.id, now());
      throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    }
    if (!(await consumeCode(db, code.id, now()))) throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    const user = await signInByCode(email, code.purpose, city?.key);
    if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    return toPublicUser(user);
  }

  async function signInByCode(email: string, purpose: AuthCodePurpose, homeCityKey: string | undefined): Promise<User | undefined> {
    return db.transaction().execute(async (trx) => {
      let user = await findUserByEmail(trx, email);
      if (!user) {
        // A login code whose account was deleted since does not make a new one.
        if (purpose !== 'signup') return undefined;
        user = await insertUser(trx, { email, emailConfirmedAt: now() });
      } else if (!user.email_confirmed_at) {
        // The code proves the address. No pending sign-up's password was proven by this
        // owner (someone may have pre-registered the address): none is set, all links die.
        await clearPasswordHash(trx, user.id);
        await consumeOpenCodes(trx, email, ['confirm'], now());
        user = (await confirmUserEmail(trx, user.id, now())) ?? user;
      }
      await ensureProfile(trx, user.id);
      await applyHomeCity(trx, user.id, homeCityKey);
      return user;
    });
  }

  async function getUser(id: string): Promise<PublicUser | undefined> {
    if (!isUuid(id)) return undefined;
    const user = await findUserById(db, id);
    return user ? toPublicUser(user) : undefined;
  }

  async function isAdmin(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return false;
    return hasRole(db, userId, 'admin');
  }

  return {
    ...createSignUpFlow(ctx),
    ...createPasswordReset(ctx),
    signInWithPassword,
    sendCode,
    verifyCode,
    getUser,
    isAdmin,
    /** Resolves when the mail and account work of earlier requests is done (tests, shutdown). */
    settle: () => ctx.background.settle(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
