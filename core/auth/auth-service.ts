import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  consumeCode,
  consumeOpenCodes,
  countCodesSince,
  findOpenCode,
  findOpenCodeByHash,
  insertAuthCode,
  recordAttempt,
  type AuthCodePurpose,
} from '../db/repositories/auth-codes.js';
import { findCityByKey } from '../db/repositories/cities.js';
import { ensureProfile, setHomeCity } from '../db/repositories/profiles.js';
import { hasRole } from '../db/repositories/user-roles.js';
import {
  clearPasswordHash,
  confirmUserEmail,
  findUserByEmail, findUserById,
  insertUser,
  setPasswordHash,
} from '../db/repositories/users.js';
import type { DB, User } from '../db/schema.js';
import type { Executor } from '../db/repositories/executor.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import { normalizeEmail } from '../users/user-service.js';
import { CODE_PATTERN, CODE_TTL_MS, CONFIRM_TTL_MS, MAX_CODE_ATTEMPTS, createCodeHasher, generateCode, generateToken } from './codes.js';
import { passwordWeaknesses, weakPasswordMessage } from './password-strength.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** What the API shows of an account (api.md): never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
}

export interface SignUpInput {
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  homeCityKey?: string | undefined;
}

export interface SignUpResult {
  user: PublicUser;
  needsConfirmation: boolean;
}

export interface AuthServiceDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  logger: Logger;
  /** Pepper for the code and token hashes. */
  secret: string;
  siteName: string;
  now?: () => Date;
}

export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';
export const INVALID_CODE = 'Token has expired or is invalid';
export const INVALID_CODE_FORMAT = 'Please enter a valid 6-digit code';
export const INVALID_CONFIRMATION = 'The confirmation link is invalid or has expired';
export const CREDENTIALS_REQUIRED = 'You must provide either an email or phone number and a password';
/** Codes one address may be sent per hour, whoever asks: keeps the inbox from being flooded. */
export const MAX_CODES_PER_HOUR = 10;

// A real argon2id hash (of a random string nobody knows) with hashPassword's parameters:
// verifying against it for an unknown email costs what a real check costs.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$FD/bQ0UtGOof6dWgwyax/Q$21qGeX9j43JFfsFXeqF8M4ZkICzPFr2pG5O/RbE6cBA';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OTP_PURPOSES: AuthCodePurpose[] = ['login', 'signup'];

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, email_confirmed_at: user.email_confirmed_at };
}

/** Emails the way the sign-in forms accept them; anything unparsable is "no such account". */
function tryNormalizeEmail(input: string): string | undefined {
  try {
    return normalizeEmail(input);
  } catch {
    return undefined;
  }
}

/**
 * Accounts for the site: sign-up with email confirmation, password sign-in, email one-time
 * codes. No answer reveals whether an address has an account.
 */
export function createAuthService({ db, mailer, logger, secret, siteName, now = () => new Date() }: AuthServiceDeps) {
  const hasher = createCodeHasher(secret);

  async function requireCityKey(key: string | undefined): Promise<{ key: string; id: string } | undefined> {
    if (key === undefined || key.trim() === '') return undefined;
    const city = await findCityByKey(db, key.trim());
    if (!city) throw new AppError('BAD_INPUT', `Unknown city "${key.trim()}"`);
    return { key: city.location_key, id: city.id };
  }

  async function applyHomeCity(trx: Executor, userId: string, key: string | null | undefined): Promise<void> {
    if (!key) return;
    // The city may have been deleted since the code was sent: then there is nothing to apply.
    const city = await findCityByKey(trx, key);
    if (city) await setHomeCity(trx, userId, { key: city.location_key, id: city.id });
  }

  async function sendConfirmation(email: string, homeCityKey: string | null, confirmUrl: (token: string) => string) {
    const token = generateToken();
    await db.transaction().execute(async (trx) => {
      await consumeOpenCodes(trx, email, ['confirm'], now());
      await insertAuthCode(trx, {
        email,
        purpose: 'confirm',
        codeHash: hasher.hashToken(token),
        homeCityKey,
        expiresAt: new Date(now().getTime() + CONFIRM_TTL_MS),
      });
    });
    await mailer.send({
      to: email,
      subject: `Confirm your ${siteName} account`,
      text: [
        `Welcome to ${siteName}!`,
        '',
        'Confirm your email address by opening this link:',
        confirmUrl(token),
        '',
        'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
      ].join('\n'),
    });
  }

  /**
   * Spec §5: an email (or phone) and a password. A new account waits for its email to be
   * confirmed. For an address that already has an account the answer looks the same (a
   * made-up user id), and the owner gets a note instead of a link.
   */
  async function signUp(input: SignUpInput, options: { confirmUrl: (token: string) => string }): Promise<SignUpResult> {
    const rawEmail = input.email?.trim() ?? '';
    const phone = input.phone?.trim() ?? '';
    const password = input.password ?? '';
    if ((!rawEmail && !phone) || !password) throw new AppError('BAD_INPUT', CREDENTIALS_REQUIRED);
    if (!rawEmail) throw new AppError('BAD_INPUT', 'Sign-up by phone number is not available: use an email address');
    const email = normalizeEmail(rawEmail);
    const reasons = passwordWeaknesses(password, email);
    if (reasons.length > 0) throw new AppError('BAD_INPUT', weakPasswordMessage(reasons), { details: { reasons } });
    const city = await requireCityKey(input.homeCityKey);

    // Hash whether or not the account exists, so both answers take as long.
    const passwordHash = await hashPassword(password);
    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) {
      await mailer.send({
        to: email,
        subject: `Your ${siteName} account`,
        text: [
          `Someone (hopefully you) tried to create a ${siteName} account with this email address.`,
          'You already have one: sign in with your password or with a code sent to this address.',
          '',
          'If this was not you, you can ignore this email.',
        ].join('\n'),
      });
      return { user: { id: randomUUID(), email, email_confirmed_at: null }, needsConfirmation: true };
    }
    let user: User;
    if (existing) {
      // Not confirmed yet: the latest sign-up's password is the one the new link confirms.
      await setPasswordHash(db, existing.id, passwordHash);
      user = existing;
    } else {
      try {
        user = await db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { email, passwordHash });
          await ensureProfile(trx, created.id);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return signUp(input, options);
        throw error;
      }
    }
    await sendConfirmation(email, city?.key ?? null, options.confirmUrl);
    return { user: toPublicUser(user), needsConfirmation: true };
  }

  /** The link of the confirmation email: confirms the address and applies the chosen home city. */
  async function confirmEmail(token: string): Promise<PublicUser> {
    if (!/^[\w-]{20,100}$/.test(token)) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    const row = await findOpenCodeByHash(db, 'confirm', hasher.hashToken(token), now());
    if (!row || !(await consumeCode(db, row.id, now()))) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    const user = await db.transaction().execute(async (trx) => {
      const found = await findUserByEmail(trx, row.email);
      if (!found) return undefined;
      const confirmed = (await confirmUserEmail(trx, found.id, now())) ?? found;
      await ensureProfile(trx, found.id);
      await applyHomeCity(trx, found.id, row.home_city_key);
      return confirmed;
    });
    if (!user) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    return toPublicUser(user);
  }

  /** Wrong password and unknown email fail alike, in about the same time. */
  async function signInWithPassword(emailInput: string, password: string): Promise<PublicUser> {
    const email = tryNormalizeEmail(emailInput);
    const user = email ? await findUserByEmail(db, email) : undefined;
    if (!user?.password_hash) {
      await verifyPassword(DUMMY_HASH, password);
      throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(user.password_hash, password))) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    // Only someone who knows the password learns this.
    if (!user.email_confirmed_at) throw new AppError('UNAUTHENTICATED', EMAIL_NOT_CONFIRMED);
    return toPublicUser(user);
  }

  /**
   * Emails a 6-digit code. In login mode an unknown address gets nothing (accounts are made by
   * a code only in signup mode); the caller answers 202 either way. A new code replaces the old.
   */
  async function sendCode(emailInput: string, mode: 'login' | 'signup'): Promise<void> {
    const email = normalizeEmail(emailInput);
    const since = new Date(now().getTime() - 60 * 60_000);
    if ((await countCodesSince(db, email, OTP_PURPOSES, since)) >= MAX_CODES_PER_HOUR) {
      throw new AppError('RATE_LIMITED', 'Too many codes were requested for this email address. Try again later.');
    }
    const user = await findUserByEmail(db, email);
    if (!user && mode === 'login') {
      logger.debug('code requested in login mode for an address without an account');
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
    await mailer.send({
      to: email,
      subject: `Your ${siteName} sign-in code`,
      text: [
        `Your ${siteName} code is: ${code}`,
        '',
        'Enter it on the sign-in page. It expires in 10 minutes and works once.',
        'If you did not ask for it, ignore this email.',
      ].join('\n'),
    });
  }

  async function verifyCode(input: { email: string; token: string; homeCityKey?: string | undefined }): Promise<PublicUser> {
    const token = input.token.trim();
    if (!CODE_PATTERN.test(token)) throw new AppError('BAD_INPUT', INVALID_CODE_FORMAT);
    const email = tryNormalizeEmail(input.email);
    if (!email) throw new AppError('UNAUTHENTICATED', INVALID_CODE);
    const city = await requireCityKey(input.homeCityKey);
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
        // The code proves the address. A password set by an unconfirmed sign-up was never
        // proven by this owner (someone may have pre-registered the address), so it goes.
        await clearPasswordHash(trx, user.id);
        user = (await confirmUserEmail(trx, user.id, now())) ?? user;
      }
      await ensureProfile(trx, user.id);
      await applyHomeCity(trx, user.id, homeCityKey);
      return user;
    });
  }

  async function getUser(id: string): Promise<PublicUser | undefined> {
    if (!UUID.test(id)) return undefined;
    const user = await findUserById(db, id);
    return user ? toPublicUser(user) : undefined;
  }

  async function isAdmin(userId: string): Promise<boolean> {
    if (!UUID.test(userId)) return false;
    return hasRole(db, userId, 'admin');
  }

  return { signUp, confirmEmail, signInWithPassword, sendCode, verifyCode, getUser, isAdmin };
}

export type AuthService = ReturnType<typeof createAuthService>;
