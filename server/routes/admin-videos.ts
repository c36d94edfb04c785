import { Router } from 'express';
import { z } from 'zod';
import { PIPELINE_USAGE_DAYS, RETRYABLE_STAGES } from '../../core/domain/admin.js';
import { AppError, daysBefore, VIDEO_BUSY_MESSAGE, type Core } from '../../core/index.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { videoEditSchema } from '../../core/domain/admin.js';
import { parseRequest } from '../middleware/validate.js';
import { presentPipelineReport } from '../presenters/pipeline.js';
import { presentAdminVideo, presentAdminVideoRow } from '../presenters/videos.js';
import { idParams, uuid } from './common.js';

const videoListQuery = z.object({
  cityId: uuid.optional(),
  urlId: uuid.optional(),
  order: z.enum(['published', 'created']).optional(),
});

const retrySchema = z.object({
  stage: z.enum(RETRYABLE_STAGES, { error: `stage must be one of ${RETRYABLE_STAGES.join(', ')}` }),
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

  /**
   * The pipeline view's retry button: runs one stage of one video again, as `civic transcript|analyze|story`
   * would (the same core function), and answers with the video's stages whatever the outcome;
 * 409 when another run holds the video (nothing ran).
   */
  router.post('/admin/videos/:id/retry', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const { stage } = parseRequest(retrySchema, req);
    const { video, summary } = await core.pipeline.processVideo(id, [stage]);
    // Another run had the video, so the stage did not run: a 409 with the reason, never "completed" (issue 26).
    if (summary.videos.heldByOtherRuns > 0) throw new AppError('CONFLICT', VIDEO_BUSY_MESSAGE);
    const failure = summary.progress.failures[0];
    res.json({ ok: !failure, error: failure?.reason ?? null, video: presentAdminVideo(await core.videos.getVideo(video.id)) });
  }));

  /**
   * Per city: video progress, failures and the model calls, tokens and cost of the last 30 days;
   * with cityId, each video's stages and cost.
   */
  router.get('/admin/pipeline', async (req, res) => {
    const { cityId, urlId } = parseRequest(videoListQuery.omit({ order: true }), req, 'query');
    const since = daysBefore(new Date(), PIPELINE_USAGE_DAYS);
    const report = await core.reports.buildReport({ since });
    const videos = cityId || urlId ? await core.videos.pipelineVideos({ cityId, urlId }) : [];
    res.json(presentPipelineReport(report, since, videos, PIPELINE_USAGE_DAYS));
  });

  return router;
}
