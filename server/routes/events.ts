import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { EVENT_LIMITS, type Core } from '../../core/index.js';
import { parseRequest } from '../middleware/validate.js';
import { rateLimitedBody } from './rate-limits.js';

const eventSchema = z.object({
  name: z.string().max(EVENT_LIMITS.nameLength),
  properties: z.record(z.string().max(EVENT_LIMITS.keyLength), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  path: z.string().max(2048).optional(),
});

/**
 * First-party analytics (design §6). Only the event name, its properties and the page path
 * are stored: never the address, user agent, cookies or account of whoever sent it.
 */
export function createEventsRouter(core: Core): Router {
  const router = Router();
  const limiter = rateLimit({ windowMs: 60_000, limit: 120, standardHeaders: 'draft-8', legacyHeaders: false, handler: rateLimitedBody });

  router.post('/events', limiter, async (req, res) => {
    const input = parseRequest(eventSchema, req);
    await core.analytics.recordEvent({ name: input.name, properties: input.properties, path: input.path ?? refererPath(req.get('referer')) });
    res.status(202).json({ accepted: true });
  });

  return router;
}

/** The path of the page that sent the event, without query or fragment. */
function refererPath(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).pathname;
  } catch {
    return undefined;
  }
}
