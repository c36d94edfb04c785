import type { NextFunction, Request, Response } from 'express';
import type { Audience } from '../../core/domain/city-visibility.js';
import type { Core } from '../../core/index.js';
import { sendError } from '../http-errors.js';
import '../types.js';
import { NOT_ADMIN_MESSAGE } from '../../core/domain/messages.js';

/**
 * Access guards for routes. They need core for the role lookup; createApp puts it on
 * `app.locals.core`, so the guards are plain middlewares: `router.post('/x', requireAdmin, …)`.
 */

const SIGN_IN_FIRST = 'Sign in first';
const NOT_AN_ADMIN = NOT_ADMIN_MESSAGE;

function coreOf(req: Request): Core {
  const core = (req.app.locals as { core?: Core }).core;
  if (!core) throw new Error('app.locals.core is not set: build the app with createApp');
  return core;
}

/** Whether the signed-in user holds the admin role; looked up once per request and cached on res.locals. */
export async function isAdminRequest(req: Request, res: Response): Promise<boolean> {
  if (!req.user) return false;
  if (res.locals.isAdmin === undefined) {
    res.locals.isAdmin = await coreOf(req).auth.isAdmin(req.user.id);
  }
  return res.locals.isAdmin;
}

/** Whose answer a public read gives (core/domain/city-visibility.ts): an admin's shows every city. */
export async function requestAudience(req: Request, res: Response): Promise<Audience> {
  return (await isAdminRequest(req, res)) ? 'staff' : 'public';
}

/** 401 unless signed in. */
export function requireUser(req: Request, res: Response, next: NextFunction): void {
  if (!req.user) {
    sendError(res, 'UNAUTHENTICATED', SIGN_IN_FIRST);
    return;
  }
  next();
}

/** 401 signed out, 403 signed in without the admin role. */
export function requireAdmin(req: Request, res: Response, next: NextFunction): void {
  if (!req.user) {
    sendError(res, 'UNAUTHENTICATED', SIGN_IN_FIRST);
    return;
  }
  isAdminRequest(req, res).then(
    (admin) => {
      if (admin) next();
      else sendError(res, 'FORBIDDEN', NOT_AN_ADMIN);
    },
    (error: unknown) => next(error),
  );
}
