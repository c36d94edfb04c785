import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** One-time sign-in codes (spec §9: 6 digits), email confirmation and password reset tokens, kept only as HMACs. */
const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const CONFIRM_TTL_MS = 24 * 60 * 60_000;
/** Short: a reset link in a mailbox someone else reads later is a way into the account. */
export const RESET_TTL_MS = 60 * 60_000;
export const CODE_PATTERN = /^\d{6}$/;
/** What generateToken makes, with room to spare; anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[\w-]{20,100}$/;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * HMAC-SHA256 under a server secret (a pepper): a leaked auth_codes table does not let anyone
 * try the million codes offline. The purpose and email are part of the message, so a code
 * only ever matches the address it was sent to.
 */
export function createCodeHasher(secret: string) {
  const hashCode = (purpose: string, email: string, code: string): string =>
    createHmac('sha256', secret).update(`${purpose}\n${email}\n${code}`).digest('hex');
  return {
    hashCode,
    /** The purpose is part of the message, as for codes: a token only ever matches its own kind. */
    hashToken: (token: string, purpose: 'confirm' | 'reset' = 'confirm'): string =>
      createHmac('sha256', secret).update(`${purpose}\n${token}`).digest('hex'),
    matches(expectedHash: string, purpose: string, email: string, code: string): boolean {
      const actual = Buffer.from(hashCode(purpose, email, code), 'hex');
      const expected = Buffer.from(expectedHash, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

export type CodeHasher = ReturnType<typeof createCodeHasher>;
