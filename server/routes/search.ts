import { Router } from 'express';
import type { Core } from '../../core/index.js';
import { searchRequestSchema } from '../../core/domain/search.js';
import { requestAudience } from '../middleware/guards.js';
import { parseRequest } from '../middleware/validate.js';

/**
 * GET /api/search (api.md): titles, descriptions and transcripts, of the cities the
 * request's audience may see. The response is core's
 * SearchResponse as is: its fields are already the public ones (a video, its city, its hits).
 */
export function createSearchRouter(core: Core): Router {
  const router = Router();

  router.get('/search', async (req, res) => {
    const request = parseRequest(searchRequestSchema, req, 'query');
    res.json(await core.search.searchVideos(request, { audience: await requestAudience(req, res) }));
  });

  return router;
}
