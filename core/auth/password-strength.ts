import { AppError } from '../errors.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizePassword } from './passwords.js';

/**
 * A deliberately small strength check (no dictionary download): length, a list of the most
 * used passwords and their obvious variants, and not containing the email's name part.
 * Returns the reasons a password is refused, empty when it is acceptable.
 */
const COMMON = new Set([
  'password', 'passw0rd', 'p@ssword', 'p@ssw0rd', 'qwerty', 'qwertyui', 'qwertyuiop', 'qwerty123', 'letmein',
  'welcome', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'superman', 'batman', 'trustno1',
  'dragon', 'monkey', 'master', 'shadow', 'michael', 'jennifer', 'computer', 'internet', 'starwars',
  'whatever', 'samantha', 'maverick', 'liverpool', 'chelsea', 'changeme', 'admin', 'administrator',
  'abc123', 'abcdefg', 'abcdefgh', 'asdfghjk', 'asdfasdf', 'zxcvbnm', 'qazwsx', 'qazwsxedc', 'zaq12wsx',
  '1q2w3e4r', '1qaz2wsx', 'login', 'secret', 'towncrier', 'town crier', 'hello', 'freedom', 'mustang',
  'charlie', 'jordan', 'hunter', 'killer', 'soccer', 'hockey', 'ranger', 'buster', 'thomas', 'tigger',
  'pepper', 'ginger', 'cheese', 'summer', 'winter', 'flower', 'lovely', 'purple', 'orange', 'banana',
]);

const SEQUENCES = ['0123456789', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** 'Password2024!' and 'password' are the same guess to an attacker. */
function baseWord(password: string): string {
  return password
    .toLowerCase()
    .replace(/^[\d\W_]+|[\d\W_]+$/g, '')
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/3/g, 'e')
    .replace(/4|@/g, 'a')
    .replace(/5|\$/g, 's');
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const base = baseWord(password);
  if (base.length === 0) return /^\d+$/.test(password) && SEQUENCES.some((seq) => seq.includes(password));
  if (COMMON.has(base) || COMMON.has(lower.replace(/[\d\W_]+$/, ''))) return true;
  return SEQUENCES.some((seq) => seq.includes(lower));
}

export function passwordWeaknesses(input: string, email?: string): string[] {
  // Judged as it will be hashed (passwords.ts normalises before hashing).
  const password = normalizePassword(input);
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push(`be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH) reasons.push(`be at most ${MAX_PASSWORD_LENGTH} characters long`);
  if (isCommon(password)) reasons.push('not be a commonly used password');
  if (new Set(password).size < 4) reasons.push('use more than three different characters');
  const name = email?.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && password.toLowerCase().includes(name)) reasons.push('not contain your email address');
  return reasons;
}

/** Throws BAD_INPUT listing every reason when the password is too weak (sign-up and `civic user add` alike). */
export function assertStrongPassword(password: string, email: string): void {
  const reasons = passwordWeaknesses(password, email);
  if (reasons.length > 0) throw new AppError('BAD_INPUT', weakPasswordMessage(reasons), { details: { reasons, field: 'password' } });
}

/** 'Password is too weak: it must be at least 8 characters long and not be a commonly used password.' */
export function weakPasswordMessage(reasons: string[]): string {
  const list = reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}` : (reasons[0] ?? '');
  return `Password is too weak: it must ${list}.`;
}
