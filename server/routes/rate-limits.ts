import type { Request, Response } from 'express';

/** api.md's error shape for express-rate-limit's refusals. */
export function rateLimitedBody(_req: Request, res: Response): void {
  res.status(429).json({ error: { code: 'RATE_LIMITED', message: 'Too many requests; please wait a minute and try again.' } });
}
