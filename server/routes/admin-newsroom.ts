import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { idParams } from './common.js';

const decisionParams = z.object({ id: idParams.shape.id, index: z.coerce.number().int().nonnegative({ error: 'index must be a decision number from 0' }) });
const approveSchema = z.object({ version: z.string().max(64).optional() });

/**
 * The newsroom (issue 24): read, edit, approve and correct a meeting's story and decisions.
 * Admins only; the bodies are read by core's schemas (core/domain/newsroom.ts), and every write
 * empties the public cache so readers see the change at once.
 */
export function createAdminNewsroomRouter(core: Core, cache: CacheInvalidation): Router {
  const router = Router();
  router.use(['/admin/videos/:id/story', '/admin/videos/:id/decisions', '/admin/videos/:id/corrections', '/admin/drafts'], requireAdmin);
  // requireAdmin let the request through, so there is a user.
  const editor = (req: { user?: { id: string } }) => req.user?.id ?? '';

  router.get('/admin/drafts', async (_req, res) => {
    res.json(await core.newsroom.drafts());
  });

  router.get('/admin/videos/:id/story', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json(await core.newsroom.show(id));
  });

  router.put('/admin/videos/:id/story', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json(await core.newsroom.editStory(id, editor(req), req.body));
  }));

  router.post('/admin/videos/:id/story/approve', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const { version } = parseRequest(approveSchema, req);
    res.json(await core.newsroom.approve(id, editor(req), version));
  }));

  router.patch('/admin/videos/:id/decisions/:index', cache.invalidates(async (req, res) => {
    const { id, index } = parseRequest(decisionParams, req, 'params');
    const body: unknown = req.body;
    res.json(await core.newsroom.editDecision(id, editor(req), { ...(typeof body === 'object' && body ? body : {}), index }));
  }));

  router.post('/admin/videos/:id/corrections', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.status(201).json(await core.newsroom.correct(id, editor(req), req.body));
  }));

  return router;
}
