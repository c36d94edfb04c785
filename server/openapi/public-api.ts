import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Core } from '../../core/index.js';
import { sendError } from '../http-errors.js';
import pkg from '../../package.json' with { type: 'json' };
import { openApiDocument } from './openapi-document.js';
import { isPublicRead } from './public-endpoints.js';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The open API's terms at the door (issue 27), for the public reads public-endpoints.ts lists:
 * any origin may read them (no credentials: `*` never lets a browser send another site's
 * visitor's cookies along), and each client address gets a fair share a minute. Everything
 * else under /api keeps the site's own same-origin rules and limits.
 */
export function createPublicApi(core: Core, options: { readsPerMinute?: number } = {}): Router {
  const readsPerMinute = options.readsPerMinute ?? core.config.apiReadsPerMinute;
  const router = Router();

  const crossOrigin: RequestHandler = (req, res, next) => {
    if (!isPublicRead(req.path)) return next();
    res.set('Access-Control-Allow-Origin', '*');
    if (req.method !== 'OPTIONS') return next();
    // A preflight (a client adding a header of its own): reads only.
    res.set('Access-Control-Allow-Methods', 'GET, HEAD').set('Access-Control-Max-Age', '86400');
    const asked = req.get('Access-Control-Request-Headers');
    if (asked) res.set('Access-Control-Allow-Headers', asked);
    res.status(204).end();
  };

  const fairUse = rateLimit({
    windowMs: 60_000,
    limit: readsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !isRead(req.method) || !isPublicRead(req.path),
    handler(_req, res) {
      sendError(res, 'RATE_LIMITED', `Too many requests: this API allows ${readsPerMinute} reads a minute from one address. Please wait a minute and try again.`);
    },
  });

  const document = openApiDocument({ siteName: core.config.siteName, publicUrl: core.config.publicUrl, version: pkg.version, readsPerMinute });
  router.use(crossOrigin, fairUse);
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json(document);
  });
  return router;
}
