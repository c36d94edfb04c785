import type { Profile } from '../schema.js';
import type { Executor } from './executor.js';

/** Every user has a profile row (spec §3); makes it if missing, leaves an existing one alone. */
export async function ensureProfile(db: Executor, userId: string): Promise<void> {
  await db.insertInto('profiles').values({ id: userId }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export function findProfileById(db: Executor, id: string): Promise<Profile | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}
