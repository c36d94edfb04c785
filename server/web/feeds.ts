import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { parseRequest } from '../middleware/validate.js';

const cityParams = z.object({ locationKey: z.string().min(1).max(120) });
const searchParams = z.object({ token: z.string().max(200) });

// Feed readers poll; ten minutes keeps a popular feed from costing a query a poll.
const sendAtom = (res: Response, xml: string) => res.set('Cache-Control', 'public, max-age=600').type('application/atom+xml; charset=utf-8').send(xml);

/**
 * The Atom feeds (issue 27) at the site's own addresses, not under /api, which robots.txt closes:
 * feed readers that honour it must still reach them. Public answers only.
 */
export function createFeedRouter(core: Core): Router {
  const router = Router();

  router.get('/feeds/meetings.atom', async (_req, res) => {
    sendAtom(res, await core.feeds.allCitiesFeed());
  });

  router.get('/feeds/city/:locationKey.atom', async (req, res) => {
    const { locationKey } = parseRequest(cityParams, req, 'params');
    sendAtom(res, await core.feeds.cityFeed(locationKey));
  });

  // A saved search's private feed (issue 27): the token is the credential; not for shared caches.
  router.get('/feeds/search/:token.atom', async (req, res) => {
    const { token } = parseRequest(searchParams, req, 'params');
    const xml = await core.alerts.feed(token);
    res.set('Cache-Control', 'private, max-age=600').set('X-Robots-Tag', 'noindex').type('application/atom+xml; charset=utf-8').send(xml);
  });

  return router;
}
