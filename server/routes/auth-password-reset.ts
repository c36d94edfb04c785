import { Router } from 'express';
import {
  recoverPasswordSchema,
  resetPasswordSchema,
  type Core,
  type RecoverPasswordAnswer,
  type ResetPasswordAnswer,
} from '../../core/index.js';
import type { AuthRateLimiters } from '../middleware/rate-limits.js';
import { parseRequest } from '../middleware/validate.js';
import { endSession } from './auth.js';

/**
 * "Forgot your password?" (mounted beside the auth router, under /api/auth). Counted like the
 * code routes: a request mails, so per client and per address; a reset tries a token.
 */
export function createPasswordResetRouter({ core, limits }: { core: Core; limits: AuthRateLimiters }): Router {
  const router = Router();

  router.post('/recover', limits.otpSend, limits.perEmail, async (req, res) => {
    const { email } = parseRequest(recoverPasswordSchema, req);
    await core.auth.requestPasswordReset(email);
    // The same answer whether or not the address has an account.
    const answer: RecoverPasswordAnswer = { sent: true };
    res.status(202).json(answer);
  });

  // Sets the new password and ends the account's sessions in core. Signs nobody in; a browser
  // signed in as that account loses its cookies too, so this answer cannot save the session again.
  router.post('/reset', limits.otpVerify, async (req, res) => {
    const { token, password } = parseRequest(resetPasswordSchema, req);
    const user = await core.auth.resetPassword(token, password);
    if (req.user?.id === user.id) await endSession(req, res);
    const answer: ResetPasswordAnswer = { reset: true };
    res.json(answer);
  });

  return router;
}
