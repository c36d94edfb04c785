import type { Request, Response } from 'express';
import { sendError } from '../http-errors.js';

/** express-rate-limit's refusal of the per-minute limits on the model functions and analytics events. */
export function rateLimitedBody(_req: Request, res: Response): void {
  sendError(res, 'RATE_LIMITED', 'Too many requests; please wait a minute and try again.');
}
