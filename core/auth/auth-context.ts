import type { Kysely } from 'kysely';
import { findCityByKey } from '../db/repositories/cities.js';
import type { Executor } from '../db/repositories/executor.js';
import { setHomeCity } from '../db/repositories/profiles.js';
import type { DB, User } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import { normalizeEmail } from '../users/user-service.js';
import type { BackgroundWork } from './background-work.js';
import type { CodeHasher } from './codes.js';
import { isCityVisible } from '../domain/city-visibility.js';

/** Password hashing as the auth flows use it (tests count the calls to check both paths do the same work). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** What the sign-up and sign-in flows share. */
export interface AuthContext {
  db: Kysely<DB>;
  mailer: Mailer;
  logger: Logger;
  hasher: CodeHasher;
  passwords: PasswordHashing;
  background: BackgroundWork;
  siteName: string;
  /** Origin of the links in emails (config PUBLIC_URL), never a request's Host header. */
  publicUrl: string;
  now: () => Date;
}

/** What the API shows of an account (api.md): never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
}

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, email_confirmed_at: user.email_confirmed_at };
}

/** Emails the way the sign-in forms accept them; anything unparsable is "no such account". */
export function tryNormalizeEmail(input: string): string | undefined {
  try {
    return normalizeEmail(input);
  } catch {
    return undefined;
  }
}

export async function requireCityKey(db: Executor, key: string | undefined): Promise<{ key: string; id: string } | undefined> {
  if (key === undefined || key.trim() === '') return undefined;
  const city = await findCityByKey(db, key.trim());
  // A home city is a member's choice: a city being set up (New, Test) is not theirs to see (city-visibility.ts).
  if (!city || !isCityVisible(city.status, 'public')) throw new AppError('BAD_INPUT', `Unknown city "${key.trim()}"`);
  return { key: city.location_key, id: city.id };
}

export async function applyHomeCity(trx: Executor, userId: string, key: string | null | undefined): Promise<void> {
  if (!key) return;
  // The city may have been deleted since the code or link was sent: then there is nothing to apply.
  const city = await findCityByKey(trx, key);
  if (city) await setHomeCity(trx, userId, { key: city.location_key, id: city.id });
}
