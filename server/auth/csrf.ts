import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export const CSRF_COOKIE = 'tc.csrf';
/** A random id for a signed-out visitor's CSRF tokens: nothing is stored about it on the server. */
const VISITOR_COOKIE = 'tc.visitor';

export interface Csrf {
  /** Refuses state-changing requests (not GET, HEAD, OPTIONS) without a valid X-CSRF-Token. */
  protection: RequestHandler;
  /** A token bound to the session (signed in) or the visitor cookie (signed out); sets the matching cookies. */
  issueToken(req: Request, res: Response): string;
}

const VISITOR_ID = /^[\w-]{43}$/;

function visitorIdOf(req: Request): string | undefined {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const id = cookies?.[VISITOR_COOKIE];
  return typeof id === 'string' && VISITOR_ID.test(id) ? id : undefined;
}

/**
 * Double-submit CSRF tokens (csrf-csrf). A signed-in user's token is bound to the session id,
 * so it is worthless in another session and a new one is needed after sign-in (the id
 * changes). A signed-out visitor has no stored session (privacy: nothing kept for visitors):
 * their token is bound to a random id in a cookie of its own instead. A plain cookie name:
 * the `__Host-` prefix would require https even in development.
 */
export function createCsrf(options: { secret: string; secure: boolean }): Csrf {
  const cookieOptions = { sameSite: 'lax', secure: options.secure, httpOnly: true, path: '/' } as const;
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => options.secret,
    // An empty identifier (no visitor cookie) makes every token fail: nothing to bind it to.
    getSessionIdentifier: (req) => (req.user ? req.session.id : (visitorIdOf(req) ?? '')),
    cookieName: CSRF_COOKIE,
    cookieOptions,
    getCsrfTokenFromRequest: (req) => req.headers['x-csrf-token'],
  });

  function ensureVisitorId(req: Request, res: Response): void {
    if (req.user || visitorIdOf(req)) return;
    const id = randomBytes(32).toString('base64url');
    res.cookie(VISITOR_COOKIE, id, cookieOptions);
    // This request's token is bound to it already.
    (req.cookies as Record<string, string>)[VISITOR_COOKIE] = id;
  }

  return {
    protection: doubleCsrfProtection,
    issueToken(req, res) {
      ensureVisitorId(req, res);
      return generateCsrfToken(req, res, { overwrite: false });
    },
  };
}
