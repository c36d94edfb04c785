import session, { type SessionData } from 'express-session';
import { AppError, SESSION_IDLE_MS, type Logger, type SessionService } from '../../core/index.js';

declare module 'express-session' {
  interface SessionData {
    passport?: { user?: string };
  }
}

/** Skip re-writing a session's expiry more often than this (rolling sessions touch on every request). */
const TOUCH_INTERVAL_MS = 5 * 60_000;
const MAX_TRACKED_TOUCHES = 10_000;

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/**
 * express-session storage in our database through core (PGlite or PostgreSQL alike). Idle
 * expiry is the cookie's (rolling maxAge); absolute expiry is enforced by core's service.
 */
export class CoreSessionStore extends session.Store {
  private readonly lastTouch = new Map<string, number>();

  constructor(
    private readonly sessions: SessionService,
    private readonly logger: Logger,
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.sessions.get(sid).then(
      (sess) => callback(null, sess ? (sess as unknown as SessionData) : null),
      (error: unknown) => callback(error),
    );
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const userId = typeof sess.passport?.user === 'string' ? sess.passport.user : null;
    this.sessions.set(sid, sess as unknown as Record<string, unknown>, expiryOf(sess), userId).then(
      () => {
        this.lastTouch.delete(sid);
        callback?.();
      },
      (error: unknown) => {
        // The account was deleted while this request ran: its sessions are gone, let this one go too.
        if (isForeignKeyViolation(error)) {
          this.logger.debug('session of a deleted account not saved');
          callback?.();
        } else callback?.(unsaved(sid, error));
      },
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.sessions.destroy(sid).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  override touch(sid: string, sess: SessionData, callback?: () => void): void {
    const now = Date.now();
    const last = this.lastTouch.get(sid);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) {
      callback?.();
      return;
    }
    if (this.lastTouch.size >= MAX_TRACKED_TOUCHES) this.lastTouch.clear();
    this.lastTouch.set(sid, now);
    this.sessions.touch(sid, expiryOf(sess)).then(
      () => callback?.(),
      (error: unknown) => {
        this.logger.warn({ session: sidPrefix(sid), err: error }, 'session touch failed');
        callback?.();
      },
    );
  }
}

/** Enough of a session id to match log lines; the whole id would let a log reader take the session over. */
function sidPrefix(sid: string): string {
  return `${sid.slice(0, 6)}…`;
}

/**
 * The error express-session passes on (the error handler logs it): it names the session by
 * its prefix only, and keeps the database error as its cause, which the logger reduces to its
 * message, code and constraint (the query's parameters are the session id and its contents).
 */
function unsaved(sid: string, error: unknown): AppError {
  return new AppError('INTERNAL', `Session ${sidPrefix(sid)} could not be saved`, { cause: error });
}

function expiryOf(sess: SessionData): Date {
  const expires = sess.cookie?.expires;
  if (expires) {
    const date = new Date(expires);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return new Date(Date.now() + SESSION_IDLE_MS);
}
