import type { Executor } from './executor.js';

/** express-session rows (see core/auth/session-service.ts). */
export interface SessionRow {
  sess: Record<string, unknown>;
  expires_at: Date;
  created_at: Date;
}

export function findSession(db: Executor, sid: string, now: Date): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .select(['sess', 'expires_at', 'created_at'])
    .where('sid', '=', sid)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Inserts or replaces the data; created_at stays that of the first save (absolute lifetime). */
export async function upsertSession(
  db: Executor,
  session: { sid: string; sess: Record<string, unknown>; userId: string | null; expiresAt: Date },
): Promise<void> {
  const sess = JSON.stringify(session.sess);
  await db
    .insertInto('sessions')
    .values({ sid: session.sid, sess, user_id: session.userId, expires_at: session.expiresAt })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, user_id: session.userId, expires_at: session.expiresAt }))
    .execute();
}

export async function touchSession(db: Executor, sid: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute();
}

export async function deleteSession(db: Executor, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Removes sessions past their idle expiry or created before `createdBefore` (absolute expiry). */
export async function deleteExpiredSessions(db: Executor, now: Date, createdBefore: Date): Promise<number> {
  const rows = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<', createdBefore)]))
    .returning('sid')
    .execute();
  return rows.length;
}
