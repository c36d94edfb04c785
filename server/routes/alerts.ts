import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { alertTokenSchema, savedSearchInputSchema, savedSearchUpdateSchema } from '../../core/domain/alerts.js';
import { requireUser } from '../middleware/guards.js';
import { parseRequest } from '../middleware/validate.js';

const idParams = z.object({ id: z.uuid('id must be the id of a saved search') });
const tokenParams = z.object({ token: alertTokenSchema });

/**
 * A member's saved searches and alerts (issue 27), under /api/profile/alerts: CSRF-protected
 * like the other member writes.
 */
export function createSavedSearchRouter(core: Core): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json({ alerts: await core.alerts.list(req.user!.id) });
  });

  router.post('/', async (req, res) => {
    const input = parseRequest(savedSearchInputSchema, req);
    res.status(201).json(await core.alerts.save(req.user!.id, input));
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json(await core.alerts.update(req.user!.id, id, parseRequest(savedSearchUpdateSchema, req)));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    await core.alerts.remove(req.user!.id, id);
    res.status(204).end();
  });

  /** A new private feed address; the old one stops working. */
  router.post('/:id/feed-token', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json(await core.alerts.regenerateFeed(req.user!.id, id));
  });

  return router;
}

/**
 * Unsubscribing from an alert email, signed out (RFC 8058): the token in the address is the
 * credential, so there is no session or CSRF token to ask for. GET only describes (mail
 * scanners prefetch links); POST, from the page's button or a mail client's one-click
 * Unsubscribe with its form body, pauses the alert. Mounted before the JSON body parser: a
 * one-click POST is application/x-www-form-urlencoded, and its body is not needed.
 */
export function createUnsubscribeRouter(core: Core): Router {
  const router = Router();

  router.get('/unsubscribe/:token', async (req, res) => {
    const { token } = parseRequest(tokenParams, req, 'params');
    res.json(await core.alerts.describeUnsubscribe(token));
  });

  router.post('/unsubscribe/:token', async (req, res) => {
    const { token } = parseRequest(tokenParams, req, 'params');
    res.json(await core.alerts.unsubscribe(token));
  });

  return router;
}
