import type { Kysely } from 'kysely';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  findSession,
  touchSession,
  upsertSession,
} from '../db/repositories/sessions.js';
import type { DB } from '../db/schema.js';

/** Idle lifetime (rolling: each visit extends it) and absolute lifetime from sign-in. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;

export interface SessionServiceOptions {
  absoluteMs?: number;
  now?: () => Date;
}

/**
 * Storage for the server's sessions (express-session data as jsonb). A session older than
 * the absolute lifetime is gone however active it is: signing in again makes a new one.
 */
export function createSessionService(db: Kysely<DB>, { absoluteMs = SESSION_ABSOLUTE_MS, now = () => new Date() }: SessionServiceOptions = {}) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const at = now();
      const row = await findSession(db, sid, at);
      if (!row) return undefined;
      if (at.getTime() - new Date(row.created_at).getTime() > absoluteMs) {
        await deleteSession(db, sid);
        return undefined;
      }
      return row.sess;
    },
    async set(sid: string, sess: Record<string, unknown>, expiresAt: Date, userId: string | null): Promise<void> {
      await upsertSession(db, { sid, sess, userId, expiresAt });
    },
    touch: (sid: string, expiresAt: Date) => touchSession(db, sid, expiresAt),
    destroy: (sid: string) => deleteSession(db, sid),
    destroyAllOfUser: (userId: string) => deleteSessionsOfUser(db, userId),
    /** Deletes expired rows; returns how many. */
    prune(): Promise<number> {
      const at = now();
      return deleteExpiredSessions(db, at, new Date(at.getTime() - absoluteMs));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
