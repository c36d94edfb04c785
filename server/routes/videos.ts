import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { embeddableVideoId } from '../../core/domain/youtube-url.js';
import { requestAudience } from '../middleware/guards.js';
import { parseRequest } from '../middleware/validate.js';
import { presentVideoWithCity } from '../presenters/videos.js';
import { text } from './common.js';

/** Our record id, or the platform's video id. */
export const videoParams = z.object({ id: text(64).min(1) });

/** Public video reads: a meeting with its city, and its timed transcript (404 for a city the request may not see). */
export function createVideosRouter(core: Core): Router {
  const router = Router();

  router.get('/videos/:id', async (req, res) => {
    const { id } = parseRequest(videoParams, req, 'params');
    const found = await core.videos.getVideoWithCity(id, await requestAudience(req, res));
    res.json({
      ...presentVideoWithCity(found),
      embed_video_id: embeddableVideoId(found.video),
      story_record: await core.newsroom.publicRecord(found.video),
    });
  });

  router.get('/videos/:id/segments', async (req, res) => {
    const { id } = parseRequest(videoParams, req, 'params');
    const segments = await core.videos.getSegments(id, await requestAudience(req, res));
    res.json({ segments: segments.map(({ start_ms, end_ms, speaker, text: line }) => ({ start_ms, end_ms, speaker, text: line })) });
  });

  return router;
}
