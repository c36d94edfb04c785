import { Router } from 'express';
import type { Core } from '../../core/index.js';
import type { CacheInvalidation, PublicCache } from '../middleware/public-cache.js';
import { createSubmissionRateLimiters, type SubmissionRateLimiters } from '../middleware/rate-limits.js';
import { createAdminBusinessesRouter } from './admin-businesses.js';
import { createAdminCitiesRouter } from './admin-cities.js';
import { createAdminErrorReportsRouter } from './admin-error-reports.js';
import { createAdminVideosRouter } from './admin-videos.js';
import { createAdminNewsroomRouter } from './admin-newsroom.js';
import { createBusinessesRouter } from './businesses.js';
import { createCitiesRouter } from './cities.js';
import { createEventsRouter } from './events.js';
import { createExportsRouter } from './exports.js';
import { createFunctionsRouter, type FunctionsRouterOptions } from './functions.js';
import { createSearchRouter } from './search.js';
import { createSubmissionsRouter } from './submissions.js';
import { createUploadsRouter } from './uploads.js';
import { createVideosRouter } from './videos.js';

export interface ResourceRouterOptions extends FunctionsRouterOptions {
  /** Limits on the contact form and city requests (createApp passes them; defaults otherwise). */
  submissionLimits?: SubmissionRateLimiters;
}

/**
 * The public reads of every city page and the directory (cities, their latest meetings,
 * categories, listings): the same answer for everyone, cached, and mounted before the session
 * machinery because they use nothing of it. They are most of the site's traffic.
 */
export function createPublicReadRouter(core: Core, cache: PublicCache): Router {
  const router = Router();
  router.use(createCitiesRouter(core, cache));
  router.use(createBusinessesRouter(core, cache));
  return router;
}

/**
 * Every other resource router (videos, exports, search, submissions, functions, admin), relative to /api.
 * Those whose writes change what the public cache holds get it to empty it.
 */
export function createResourceRouter(core: Core, cache: CacheInvalidation, options: ResourceRouterOptions = {}): Router {
  const router = Router();
  router.use(createVideosRouter(core));
  router.use(createExportsRouter(core));
  router.use(createSearchRouter(core));
  router.use(createSubmissionsRouter(core, options.submissionLimits ?? createSubmissionRateLimiters()));
  router.use(createEventsRouter(core));
  router.use(createFunctionsRouter(core, cache, options));
  router.use(createAdminCitiesRouter(core, cache));
  router.use(createAdminVideosRouter(core, cache));
  router.use(createAdminNewsroomRouter(core, cache));
  router.use(createAdminBusinessesRouter(core, cache));
  router.use(createAdminErrorReportsRouter(core));
  router.use(createUploadsRouter(core, cache));
  return router;
}
