import { consumeCode, consumeOpenCodes, findOpenCodeByHash, insertAuthCode, type AuthCode } from '../db/repositories/auth-codes.js';
import type { Executor } from '../db/repositories/executor.js';
import { ensureProfile } from '../db/repositories/profiles.js';
import { clearPasswordHash, confirmUserEmail, findUserByEmail, insertUser, setPasswordHash } from '../db/repositories/users.js';
import type { User } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';
import { normalizeEmail } from '../users/user-service.js';
import { applyHomeCity, requireCityKey, toPublicUser, type AuthContext, type PublicUser } from './auth-context.js';
import { alreadyRegisteredMail, confirmationLink, confirmationMail } from './auth-mail.js';
import { CREDENTIALS_REQUIRED, INVALID_CONFIRMATION } from './auth-messages.js';
import { CONFIRM_TTL_MS, generateToken, TOKEN_PATTERN } from './codes.js';
import { assertStrongPassword } from './password-strength.js';

export interface SignUpInput {
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  homeCityKey?: string | undefined;
}

/** The same for every address (api.md): whether it has an account is told only to its inbox. */
export interface SignUpResult {
  user: null;
  needsConfirmation: true;
}

/** Checks what the form sent; the answer cannot depend on the address's account. */
function readSignUp(input: SignUpInput): { email: string; password: string } {
  const rawEmail = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  const password = input.password ?? '';
  if ((!rawEmail && !phone) || !password) throw new AppError('BAD_INPUT', CREDENTIALS_REQUIRED);
  if (!rawEmail) throw new AppError('BAD_INPUT', 'Sign-up by phone number is not available: use an email address');
  const email = normalizeEmail(rawEmail);
  assertStrongPassword(password, email);
  return { email, password };
}

/**
 * Sign-up with email confirmation. The password a sign-up asks for waits beside its own
 * confirmation token and reaches the account only when that token is confirmed: anyone can
 * start a sign-up for any address, only the inbox's owner can finish it.
 */
export function createSignUpFlow(ctx: AuthContext) {
  const { db, hasher, now } = ctx;

  /** Spec §5. Validates and hashes here; finds the account, writes rows and mails after answering. */
  async function signUp(input: SignUpInput): Promise<SignUpResult> {
    const { email, password } = readSignUp(input);
    const city = await requireCityKey(db, input.homeCityKey);
    // Hashed for every address, so answering takes as long whether or not it has an account.
    const passwordHash = await ctx.passwords.hash(password);
    ctx.background.run('sign-up', () => registerSignUp(email, passwordHash, city?.key ?? null));
    return { user: null, needsConfirmation: true };
  }

  async function registerSignUp(email: string, passwordHash: string, homeCityKey: string | null, retried = false): Promise<void> {
    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) {
      await ctx.mailer.send(alreadyRegisteredMail(ctx.siteName, email));
      return;
    }
    const token = generateToken();
    try {
      await db.transaction().execute(async (trx) => {
        // An unconfirmed account keeps its (empty) password: earlier links stay valid for theirs.
        if (!existing) await insertUser(trx, { email });
        await insertAuthCode(trx, {
          email,
          purpose: 'confirm',
          codeHash: hasher.hashToken(token),
          homeCityKey,
          passwordHash,
          expiresAt: new Date(now().getTime() + CONFIRM_TTL_MS),
        });
      });
    } catch (error) {
      // Two sign-ups for one new address at once: the loser's second try finds the account.
      if (isUniqueViolation(error) && !retried) return registerSignUp(email, passwordHash, homeCityKey, true);
      throw error;
    }
    await ctx.mailer.send(confirmationMail(ctx.siteName, email, confirmationLink(ctx.publicUrl, token)));
  }

  /**
   * The link of a confirmation email (POST /api/auth/confirm): confirms the address, sets the
   * password this link was sent for and the chosen home city, and voids the other links.
   */
  async function confirmEmail(token: string): Promise<PublicUser> {
    const trimmed = token.trim();
    if (!TOKEN_PATTERN.test(trimmed)) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    const row = await findOpenCodeByHash(db, 'confirm', hasher.hashToken(trimmed), now());
    if (!row) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    const user = await db.transaction().execute((trx) => applyConfirmation(trx, row));
    if (!user) throw new AppError('BAD_INPUT', INVALID_CONFIRMATION);
    return toPublicUser(user);
  }

  async function applyConfirmation(trx: Executor, row: AuthCode): Promise<User | undefined> {
    if (!(await consumeCode(trx, row.id, now()))) return undefined;
    const found = await findUserByEmail(trx, row.email);
    // Confirmed meanwhile (by a code or an operator): a sign-up's password is not applied now.
    if (!found || found.email_confirmed_at) return undefined;
    await consumeOpenCodes(trx, row.email, ['confirm'], now());
    if (row.password_hash) await setPasswordHash(trx, found.id, row.password_hash);
    else await clearPasswordHash(trx, found.id);
    const confirmed = (await confirmUserEmail(trx, found.id, now())) ?? found;
    await ensureProfile(trx, found.id);
    await applyHomeCity(trx, found.id, row.home_city_key);
    return confirmed;
  }

  return { signUp, confirmEmail };
}
