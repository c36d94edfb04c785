import session from 'express-session';
import { SESSION_IDLE_MS, type Core } from '../../core/index.js';
import { CoreSessionStore } from './session-store.js';

export const SESSION_COOKIE = 'tc.sid';

/**
 * Sessions in our database: httpOnly, SameSite=Lax, Secure behind https (servesHttps in app.ts); 7 days idle
 * (rolling: every visit extends it) and 30 days at most from sign-in (core enforces that).
 * Nothing is stored for a visitor until there is something to keep (saveUninitialized: false).
 */
export function createSessionMiddleware(core: Core, options: { secret: string; secure: boolean }) {
  return session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store: new CoreSessionStore(core.sessions, core.logger.child({ component: 'sessions' })),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: SESSION_IDLE_MS, path: '/' },
  });
}
