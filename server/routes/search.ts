import { Router } from 'express';
import type { Core } from '../../core/index.js';
import { searchRequestSchema } from '../../core/domain/search.js';
import { parseRequest } from '../middleware/validate.js';

/**
 * GET /api/search (api.md): titles, descriptions and transcripts. The response is core's
 * SearchResponse as is: its fields are already the public ones (a video, its city, its hits).
 */
export function createSearchRouter(core: Core): Router {
  const router = Router();

  router.get('/search', async (req, res) => {
    const request = parseRequest(searchRequestSchema, req, 'query');
    res.json(await core.search.searchVideos(request));
  });

  return router;
}
