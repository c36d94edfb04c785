import type { Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface Csrf {
  /** Refuses state-changing requests (not GET, HEAD, OPTIONS) without a valid X-CSRF-Token. */
  protection: RequestHandler;
  /** A token bound to the current session id; sets the matching cookie. */
  issueToken(req: Request, res: Response): string;
}

/**
 * Double-submit CSRF tokens (csrf-csrf) bound to the session id, so a token is worthless in
 * another session and a new one is needed after sign-in (the session id changes). A plain
 * cookie name: the `__Host-` prefix would require https even in development.
 */
export function createCsrf(options: { secret: string; secure: boolean }): Csrf {
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => options.secret,
    getSessionIdentifier: (req) => req.session?.id ?? '',
    cookieName: 'tc.csrf',
    cookieOptions: { sameSite: 'lax', secure: options.secure, httpOnly: true, path: '/' },
    getCsrfTokenFromRequest: (req) => req.headers['x-csrf-token'],
  });
  return {
    protection: doubleCsrfProtection,
    issueToken: (req, res) => generateCsrfToken(req, res, { overwrite: false }),
  };
}
