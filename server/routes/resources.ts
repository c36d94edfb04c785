import { Router } from 'express';
import type { Core } from '../../core/index.js';
import { createAdminBusinessesRouter } from './admin-businesses.js';
import { createAdminCitiesRouter } from './admin-cities.js';
import { createAdminVideosRouter } from './admin-videos.js';
import { createBusinessesRouter } from './businesses.js';
import { createCitiesRouter } from './cities.js';
import { createEventsRouter } from './events.js';
import { createFunctionsRouter, type FunctionsRouterOptions } from './functions.js';
import { createSearchRouter } from './search.js';
import { createSubmissionsRouter } from './submissions.js';
import { createUploadsRouter } from './uploads.js';
import { createVideosRouter } from './videos.js';

export type ResourceRouterOptions = FunctionsRouterOptions;

/** Every resource router (cities, videos, search, directory, submissions, functions, admin), relative to /api. */
export function createResourceRouter(core: Core, options: ResourceRouterOptions = {}): Router {
  const router = Router();
  router.use(createCitiesRouter(core));
  router.use(createVideosRouter(core));
  router.use(createSearchRouter(core));
  router.use(createBusinessesRouter(core));
  router.use(createSubmissionsRouter(core));
  router.use(createEventsRouter(core));
  router.use(createFunctionsRouter(core, options));
  router.use(createAdminCitiesRouter(core));
  router.use(createAdminVideosRouter(core));
  router.use(createAdminBusinessesRouter(core));
  router.use(createUploadsRouter(core));
  return router;
}
