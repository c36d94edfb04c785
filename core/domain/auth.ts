import { z } from 'zod/mini';
import { sessionUserSchema } from './session.js';

/**
 * Rules, messages and answers of the auth endpoints, shared by the server and the web app
 * (spec §5, §8, §9; api.md). zod/mini, as every core/domain schema the web app loads (session.ts
 * says why).
 */

export const INVALID_CONFIRMATION_MESSAGE = 'The confirmation link is invalid or has expired';
/** Spec §5: what the auth service says when the email or the password is missing. */
export const CREDENTIALS_REQUIRED_MESSAGE = 'You must provide either an email or phone number and a password';
/** Spec §5: an email-code request without an address. */
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';
/** Spec §5: a code that is not exactly 6 digits. */
export const INVALID_CODE_FORMAT_MESSAGE = 'Please enter a valid 6-digit code';

export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Spec §9: one-time codes are 6 digits. */
export const OTP_CODE_LENGTH = 6;
const OTP_CODE = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/** Exactly 6 digits and nothing else (no spaces, no letters, no other numerals). */
export function isValidOtpCode(code: string): boolean {
  return OTP_CODE.test(code);
}

/** An address as the auth endpoints take it: trimmed, and no longer than any address can be. */
const requiredEmail = (missing: string) => z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(320));

/**
 * `POST /api/auth/login` (spec §5: email and password are required, said in the auth service's
 * words). The sign-in form checks a sign-up's pair with it too: both need the two.
 */
export const loginSchema = z.object({
  email: requiredEmail(CREDENTIALS_REQUIRED_MESSAGE),
  password: z.string({ error: CREDENTIALS_REQUIRED_MESSAGE }).check(z.minLength(1, CREDENTIALS_REQUIRED_MESSAGE), z.maxLength(2048)),
});

/** `POST /api/auth/otp`: mail a one-time code; only a sign-up creates the account (spec §7). */
export const otpRequestSchema = z.object({
  email: requiredEmail(EMAIL_REQUIRED_MESSAGE),
  mode: z._default(z.enum(['login', 'signup'], { error: 'mode must be "login" or "signup"' }), 'login'),
});

/** The code of `POST /api/auth/otp/verify` as the verification form checks it (core checks it with isValidOtpCode). */
export const otpCodeSchema = z.object({
  token: z.string({ error: INVALID_CODE_FORMAT_MESSAGE }).check(z.regex(OTP_CODE, INVALID_CODE_FORMAT_MESSAGE)),
});

/** `POST /api/auth/confirm`: the token of the confirmation link (`/auth?confirm=<token>`). */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: INVALID_CONFIRMATION_MESSAGE })
    .check(z.trim(), z.minLength(1, INVALID_CONFIRMATION_MESSAGE), z.maxLength(200, INVALID_CONFIRMATION_MESSAGE)),
});

export type ConfirmEmailBody = z.infer<typeof confirmEmailSchema>;

/** The answer to a confirmed token: the address is confirmed; nobody is signed in by it. */
export const confirmEmailAnswerSchema = z.object({ confirmed: z.literal(true) });
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;

/**
 * `POST /api/auth/signup`: whether the address must be confirmed by mail first. Today the
 * server always says so (and no user), whatever the address, so the answer tells nobody whether
 * an account exists.
 */
export const signUpAnswerSchema = z.object({
  user: z.nullable(sessionUserSchema),
  needsConfirmation: z.boolean(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** `POST /api/auth/login` and `POST /api/auth/otp/verify`: the user, and the new session's CSRF token. */
export const signInAnswerSchema = z.object({
  user: sessionUserSchema,
  csrfToken: z.string().check(z.minLength(1)),
});
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** A reset link that is malformed, unknown, used or older than an hour. */
export const INVALID_RESET_MESSAGE = 'The password reset link is invalid or has expired';

/** `POST /api/auth/recover`: the address that forgot its password (a link is mailed only to a confirmed account). */
export const recoverPasswordSchema = z.object({
  email: z.string({ error: EMAIL_REQUIRED_MESSAGE }).check(z.trim(), z.minLength(1, EMAIL_REQUIRED_MESSAGE), z.maxLength(320)),
});

/** The same answer for every address: only its inbox learns whether it has an account. */
export const recoverPasswordAnswerSchema = z.object({ sent: z.literal(true) });
export type RecoverPasswordAnswer = z.infer<typeof recoverPasswordAnswerSchema>;

const NEW_PASSWORD_REQUIRED_MESSAGE = 'Please enter a new password';

/** `POST /api/auth/reset`: the token of the reset link (`/auth?reset=<token>`) and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_MESSAGE })
    .check(z.trim(), z.minLength(1, INVALID_RESET_MESSAGE), z.maxLength(200, INVALID_RESET_MESSAGE)),
  // Bounded as sign-up's is: core refuses anything past MAX_PASSWORD_LENGTH with its strength reasons.
  password: z.string({ error: NEW_PASSWORD_REQUIRED_MESSAGE }).check(z.minLength(1, NEW_PASSWORD_REQUIRED_MESSAGE), z.maxLength(2048)),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/** The password is changed and every session of the account ended; nobody is signed in by it. */
export const resetPasswordAnswerSchema = z.object({ reset: z.literal(true) });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;
