import { sql } from 'kysely';
import type { Profile, ProfilePreferences } from '../schema.js';
import type { Executor } from './executor.js';

/** Every user has a profile row (spec §3); makes it if missing, leaves an existing one alone. */
export async function ensureProfile(db: Executor, userId: string): Promise<void> {
  await db.insertInto('profiles').values({ id: userId }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export function findProfileById(db: Executor, id: string): Promise<Profile | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Sets the home city both ways spec §3 reads it: the home_city_key column and
 * preferences.home_city_id (merged into the other preferences, which stay as they are).
 */
export function setHomeCity(db: Executor, id: string, city: { key: string; id: string }): Promise<Profile | undefined> {
  return db
    .updateTable('profiles')
    .set((eb) => ({
      home_city_key: city.key,
      preferences: sql<ProfilePreferences>`${eb.ref('preferences')} || ${JSON.stringify({ home_city_id: city.id })}::jsonb`,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
