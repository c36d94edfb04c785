import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/auth.js';
import { AppError } from '../errors.js';

// In core/domain so the sign-up form states the same limits the server applies.
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

// @node-rs/argon2's Algorithm is a const enum, which isolatedModules cannot read from a .d.ts:
// 2 is its Argon2id member.
const ARGON2ID = 2;

// The native argon2 addon loads with the first password, not with every command.
const loadArgon2 = () => import('@node-rs/argon2');

/**
 * Compatibility (NFKC) normalisation: the same password typed on another keyboard or OS may
 * arrive composed ('é') or decomposed ('e' + combining accent); both must be one password.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('BAD_INPUT', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError('BAD_INPUT', `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/** An argon2id hash in PHC format (salt and parameters inside), with the library's recommended costs. */
export async function hashPassword(password: string): Promise<string> {
  const normalized = normalizePassword(password);
  checkPassword(normalized);
  const { hash } = await loadArgon2();
  return hash(normalized, { algorithm: ARGON2ID });
}

/**
 * False for a wrong password and for a stored value that is not an argon2 hash. Hashes made
 * before passwords were normalised hold the raw form: a non-normalised input is tried raw too
 * (whether it is depends on the input alone, so the second try reveals nothing of the account).
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  if (normalized.length > MAX_PASSWORD_LENGTH) return false;
  if (await verifyOne(passwordHash, normalized)) return true;
  return normalized !== password && password.length <= MAX_PASSWORD_LENGTH && verifyOne(passwordHash, password);
}

async function verifyOne(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
