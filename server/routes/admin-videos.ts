import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentAdminVideo, presentAdminVideoRow, presentPipelineVideo } from '../presenters/videos.js';
import { idParams, text, uuid } from './common.js';

export const videoListQuery = z.object({
  cityId: uuid.optional(),
  urlId: uuid.optional(),
  order: z.enum(['published', 'created']).optional(),
});

export const videoEditSchema = z.object({
  title: text(1000).nullable().optional(),
  description: text(20_000).nullable().optional(),
  transcript: text(2_000_000).nullable().optional(),
});

/** Content management (spec §2 screen 15) and the pipeline view. Admins only; edits empty the public cache. */
export function createAdminVideosRouter(core: Core, cache: CacheInvalidation): Router {
  const router = Router();
  router.use(['/admin/videos', '/admin/pipeline'], requireAdmin);

  router.get('/admin/videos', async (req, res) => {
    const query = parseRequest(videoListQuery, req, 'query');
    res.json((await core.videos.listVideos(query)).map(presentAdminVideoRow));
  });

  router.get('/admin/videos/:id', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json(presentAdminVideo(await core.videos.getVideo(id)));
  });

  router.patch('/admin/videos/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const edit = parseRequest(videoEditSchema, req);
    res.json(presentAdminVideo(await core.videos.updateVideo(id, edit)));
  }));

  router.delete('/admin/videos/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    await core.videos.deleteVideo(id);
    res.status(204).end();
  }));

  /** Per city: video progress, failures and model cost; with cityId, each video's stages and cost. */
  router.get('/admin/pipeline', async (req, res) => {
    const { cityId, urlId } = parseRequest(videoListQuery.omit({ order: true }), req, 'query');
    const report = await core.reports.buildReport();
    const videos = cityId || urlId ? await core.videos.pipelineVideos({ cityId, urlId }) : [];
    res.json({
      generated_at: report.generatedAt,
      cities: report.cities.map((city) => ({
        location_key: city.city.location_key,
        name: city.city.name,
        state: city.city.state,
        status: city.city.status,
        videos: city.videos,
        failures: city.failures,
        llm: city.model,
        last_run: city.lastRun,
      })),
      totals: report.totals,
      videos: videos.map(presentPipelineVideo),
    });
  });

  return router;
}
