import type { Kysely } from 'kysely';
import { deleteCodesOfEmail } from '../db/repositories/auth-codes.js';
import { deleteCityRequestsFromEmail } from '../db/repositories/city-request.js';
import { deleteContactSubmissionsFromEmail } from '../db/repositories/contact-submissions.js';
import { deleteErrorReportsFromEmail } from '../db/repositories/error-reports.js';
import { ensureProfile, findProfileById, setHomeCity } from '../db/repositories/profiles.js';
import { hasRole } from '../db/repositories/user-roles.js';
import { deleteUser, findUserById } from '../db/repositories/users.js';
import type { DB, ProfilePreferences } from '../db/schema.js';
import { AppError } from '../errors.js';
import { requireCityKey } from './auth-context.js';

/** The profile screen's view (api.md): the role as the API names it. */
export interface ProfileView {
  id: string;
  username: string | null;
  home_city_key: string | null;
  preferences: ProfilePreferences;
  role: 'admin' | 'member';
}

/** A member's own profile: read it, change the home city, delete the account (spec §1, §6). */
export function createProfileService(db: Kysely<DB>) {
  async function getProfile(userId: string): Promise<ProfileView> {
    if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND', 'Account not found');
    await ensureProfile(db, userId);
    const profile = await findProfileById(db, userId);
    if (!profile) throw new AppError('NOT_FOUND', 'Account not found');
    return {
      id: profile.id,
      username: profile.username,
      home_city_key: profile.home_city_key,
      preferences: profile.preferences,
      role: (await hasRole(db, userId, 'admin')) ? 'admin' : 'member',
    };
  }

  /** Must name an existing city; sets home_city_key and preferences.home_city_id together. */
  async function updateHomeCity(userId: string, cityKey: string): Promise<ProfileView> {
    const city = await requireCityKey(db, cityKey);
    if (!city) throw new AppError('BAD_INPUT', 'Please select a city');
    await ensureProfile(db, userId);
    await setHomeCity(db, userId, city);
    return getProfile(userId);
  }

  /**
   * Removes the account and what is kept about it: the user row (its profile, roles and
   * sessions cascade), any codes or links sent to its address, and the contact messages, city
   * requests and error reports sent from it (spec §1: account data removable on request).
   */
  async function deleteAccount(userId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const user = await findUserById(trx, userId);
      if (!user) return;
      await deleteCodesOfEmail(trx, user.email);
      await deleteContactSubmissionsFromEmail(trx, user.email);
      await deleteCityRequestsFromEmail(trx, user.email);
      await deleteErrorReportsFromEmail(trx, user.email);
      await deleteUser(trx, userId);
    });
  }

  return { getProfile, updateHomeCity, deleteAccount };
}

export type ProfileService = ReturnType<typeof createProfileService>;
