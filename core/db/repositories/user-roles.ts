import type { Executor } from './executor.js';

export type Role = 'admin';

/** Idempotent: granting a role the user has changes nothing. */
export async function grantRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function listRoles(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((row) => row.role);
}

export async function hasRole(db: Executor, userId: string, role: Role): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}
