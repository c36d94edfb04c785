import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE } from './sessions.js';

/**
 * Who is asking: the session and passport's user (`req.user`), run once per request however
 * many routers ask. `whenSignedIn` skips all of it for a request without a session cookie, so
 * the public reads and pages, most of the traffic, still cost a visitor nothing of the session
 * machinery; with the cookie they learn whether an admin is reading (city-visibility.ts).
 */
export function createIdentify(steps: RequestHandler[]): { always: RequestHandler; whenSignedIn: RequestHandler } {
  const always: RequestHandler = (req, res, next) => {
    const locals = res.locals as { identified?: boolean };
    if (locals.identified) return next();
    locals.identified = true;
    runSteps(steps, req, res, next);
  };
  const whenSignedIn: RequestHandler = (req, res, next) => {
    if (!hasSessionCookie(req)) return next();
    always(req, res, next);
  };
  return { always, whenSignedIn };
}

function runSteps(steps: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  const run = (index: number, error?: unknown): void => {
    const step = steps[index];
    if (error !== undefined || !step) return done(error);
    try {
      void step(req, res, (next?: unknown) => run(index + 1, next));
    } catch (thrown) {
      done(thrown);
    }
  };
  run(0);
}

function hasSessionCookie(req: Request): boolean {
  const header = req.headers.cookie;
  return typeof header === 'string' && header.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
