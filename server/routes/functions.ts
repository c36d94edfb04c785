import { Router, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { isUuid, URL_REQUIRED_MESSAGE, type Core } from '../../core/index.js';
import { STORY_IN_REVIEW } from '../../core/domain/news-story.js';
import { isAdminRequest, requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { rateLimitedBody } from './rate-limits.js';
import { text } from './common.js';

const recordId = text(64).trim().min(1, 'recordId is required');

/**
 * Spec §7 payloads. The transcript, title, description and analysis a caller sends are
 * accepted for compatibility but not used: the stored record is what gets analysed, so no
 * caller can make the site publish an analysis of text that is not the meeting's.
 */
const analyzeSchema = z.object({
  recordId,
  videoId: text(64).optional(),
  transcript: text(2_000_000).nullable().optional(),
  title: text(1000).nullable().optional(),
  description: text(10_000).nullable().optional(),
});

const storySchema = z.object({
  recordId,
  videoId: text(64).optional(),
  analysisResults: z.unknown().optional(),
  additionalContext: text(4000).nullable().optional(),
  /** Admins: regenerate even though a person edited the story (the edit stays as a revision). */
  replaceEdited: z.boolean().optional(),
});

const fetchTranscriptSchema = z.object({
  videoId: text(64).trim().min(1, 'videoId is required'),
});

const fetchVideosSchema = z.object({
  url: z.string({ error: URL_REQUIRED_MESSAGE }).max(2048).trim().min(1, URL_REQUIRED_MESSAGE),
  cityId: z.string({ error: 'cityId must be a city id' }).refine(isUuid, { error: 'cityId must be a city id' }),
});

export interface FunctionsRouterOptions {
  /** Model-backed calls per client per minute. */
  modelCallsPerMinute?: number;
}

/**
 * The serverless functions of spec §7 as `POST /functions/<name>`. Each may change videos that
 * city pages show (summary, transcript, new meetings), so each empties the public cache. The
 * model or YouTube failing is core's UPSTREAM, a 502 with the reason (http-errors.ts), which the
 * admin screens show ("Function call failed: status - body", spec §7).
 */
export function createFunctionsRouter(core: Core, cache: CacheInvalidation, options: FunctionsRouterOptions = {}): Router {
  const router = Router();
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: options.modelCallsPerMinute ?? 30,
    // Staff run analyses video after video in the Story Manager; the limit is for the public.
    skip: (req, res) => isAdminRequest(req, res),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: rateLimitedBody,
  });

  // Any visitor may start these (spec §4 auto-analysis); only admins may redo stored work or
  // steer the writer with extra context.
  router.post('/functions/analyzeVideoTranscript', limiter, cache.invalidates(async (req: Request, res: Response) => {
    const input = parseRequest(analyzeSchema, req);
    const admin = await isAdminRequest(req, res);
    res.json(await core.functions.analyzeVideoTranscript({ recordId: input.recordId, force: admin }));
  }));

  router.post('/functions/writeTranscriptStory', limiter, cache.invalidates(async (req: Request, res: Response) => {
    const input = parseRequest(storySchema, req);
    const admin = await isAdminRequest(req, res);
    const written = await core.functions.writeTranscriptStory({
      recordId: input.recordId,
      force: admin,
      additionalContext: admin ? (input.additionalContext ?? null) : null,
      replaceEdited: admin && input.replaceEdited === true,
    });
    // A draft is for editors: a visitor learns only that the story waits for review (issue 24).
    if (written.draft && !admin) {
      res.status(202).json({ in_review: true, message: STORY_IN_REVIEW });
      return;
    }
    res.json({ ...written.story, draft: written.draft });
  }));

  router.post('/functions/fetchYoutubeTranscript', requireAdmin, cache.invalidates(async (req, res) => {
    const { videoId } = parseRequest(fetchTranscriptSchema, req);
    const result = await core.functions.fetchYoutubeTranscript({ videoId });
    res.json({ success: result.success, transcript: result.transcript, error: result.error, saved: result.saved });
  }));

  router.post('/functions/fetchYoutubeVideos', requireAdmin, cache.invalidates(async (req, res) => {
    const input = parseRequest(fetchVideosSchema, req);
    const result = await core.functions.fetchYoutubeVideos(input);
    res.json({ success: true, source: result.source, found: result.found, inserted: result.inserted });
  }));

  return router;
}
