import { Router, type NextFunction, type Request, type Response } from 'express';
import type { PassportInstance } from '../auth/passport.js';
import { z } from 'zod';
import {
  AppError,
  confirmEmailSchema,
  INVALID_CODE_FORMAT,
  SESSION_IDLE_MS,
  type ConfirmEmailAnswer,
  type Core,
  type PublicUser,
} from '../../core/index.js';
import { EMAIL_REQUIRED_MESSAGE, loginSchema, otpRequestSchema } from '../../core/domain/auth.js';
import { CSRF_COOKIE, type Csrf } from '../auth/csrf.js';
import type { DeviceCookies } from '../auth/device-cookie.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { isAdminRequest } from '../middleware/guards.js';
import type { AuthRateLimiters } from '../middleware/rate-limits.js';
import { parseRequest } from '../middleware/validate.js';
import { presentUser } from './present.js';

const signupSchema = z.object({
  email: z.string().max(320).optional(),
  phone: z.string().max(40).optional(),
  password: z.string().max(2048).optional(),
  homeCityKey: z.string().max(200).nullish(),
});

const verifySchema = z.object({
  email: z.string({ error: EMAIL_REQUIRED_MESSAGE }).trim().min(1, EMAIL_REQUIRED_MESSAGE).max(320),
  token: z.string({ error: INVALID_CODE_FORMAT }).max(100),
  homeCityKey: z.string().max(200).nullish(),
  /** Supabase clients send type 'email' (spec §7); accepted and ignored. */
  type: z.literal('email').optional(),
});

export interface AuthRouterOptions {
  core: Core;
  passport: PassportInstance;
  csrf: Csrf;
  devices: DeviceCookies;
  limits: AuthRateLimiters;
}

/**
 * Starts a session for the user: a new session id (no fixation), then a CSRF token for it. The
 * browser is remembered as one the account signed in from (exempt from its password throttle).
 */
function signIn(req: Request, res: Response, user: PublicUser, options: { csrf: Csrf; devices: DeviceCookies }): Promise<string> {
  return new Promise((resolve, reject) => {
    req.login(user, (error?: unknown) => {
      if (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      options.devices.remember(req, res, user.email);
      resolve(options.csrf.issueToken(req, res));
    });
  });
}

/** Ends the session entirely (row deleted, cookies cleared). */
export function endSession(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      if (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      req.user = undefined;
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.clearCookie(CSRF_COOKIE, { path: '/' });
      resolve();
    };
    if (req.session) req.session.destroy(done);
    else done();
  });
}

/**
 * The idle expiry rolls with each visit: this request extends it in the cookie and, at once
 * (the store otherwise writes it at most every few minutes), in the stored row, so the
 * expiry the web app is told is the one the server holds. ISO string.
 */
async function extendSession(req: Request, core: Core): Promise<string> {
  req.session.touch();
  const expires = req.session.cookie.expires ?? new Date(Date.now() + SESSION_IDLE_MS);
  await core.sessions.touch(req.sessionID, expires);
  return expires.toISOString();
}

export function createAuthRouter({ core, passport, csrf, devices, limits }: AuthRouterOptions): Router {
  const router = Router();

  router.get('/session', async (req, res) => {
    // Signed out, nothing is stored: the token is bound to the visitor cookie (csrf.ts).
    const csrfToken = csrf.issueToken(req, res);
    const isAdmin = await isAdminRequest(req, res);
    const expiresAt = req.user ? await extendSession(req, core) : null;
    res.json({ user: req.user ? presentUser(req.user) : null, isAdmin, csrfToken, expires_at: expiresAt });
  });

  router.post('/signup', limits.signup, limits.perEmail, async (req, res) => {
    const input = parseRequest(signupSchema, req);
    const result = await core.auth.signUp({ ...input, homeCityKey: input.homeCityKey ?? undefined });
    // The same answer for every address: whether it has an account is told only to its inbox.
    res.json({ user: result.user, needsConfirmation: result.needsConfirmation });
  });

  // Old links pointed here. A GET changes nothing, so a mail scanner fetching the link cannot
  // use up the token: the web app's auth page confirms it by POST.
  router.get('/confirm', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, token ? `/auth?confirm=${encodeURIComponent(token)}` : '/auth');
  });

  // Confirms the address and sets the password the link was sent for. Never signs anyone in
  // and leaves the current session alone: the owner signs in afterwards.
  router.post('/confirm', limits.otpVerify, async (req, res) => {
    const { token } = parseRequest(confirmEmailSchema, req);
    await core.auth.confirmEmail(token);
    const answer: ConfirmEmailAnswer = { confirmed: true };
    res.json(answer);
  });

  router.post('/login', limits.login, (req: Request, res: Response, next: NextFunction) => {
    parseRequest(loginSchema, req);
    const authenticate = passport.authenticate(
      'local',
      { session: false },
      (error: unknown, user: PublicUser | false, info?: { message?: string }) => {
        if (error) {
          next(error);
          return;
        }
        if (!user) {
          next(new AppError('UNAUTHENTICATED', info?.message ?? 'Invalid login credentials'));
          return;
        }
        signIn(req, res, user, { csrf, devices }).then(
          (csrfToken) => res.json({ user: presentUser(user), csrfToken }),
          next,
        );
      },
    ) as (req: Request, res: Response, next: NextFunction) => void;
    authenticate(req, res, next);
  });

  router.post('/otp', limits.otpSend, limits.perEmail, async (req, res) => {
    const { email, mode } = parseRequest(otpRequestSchema, req);
    await core.auth.sendCode(email, mode);
    // The same answer whether or not the address has an account.
    res.status(202).json({ sent: true });
  });

  router.post('/otp/verify', limits.otpVerify, async (req, res) => {
    const input = parseRequest(verifySchema, req);
    const user = await core.auth.verifyCode({ email: input.email, token: input.token, homeCityKey: input.homeCityKey ?? undefined });
    const csrfToken = await signIn(req, res, user, { csrf, devices });
    res.json({ user: presentUser(user), csrfToken });
  });

  router.post('/logout', async (req, res) => {
    await endSession(req, res);
    res.status(204).end();
  });

  return router;
}
