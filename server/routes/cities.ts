import { Router } from 'express';
import { z } from 'zod';
import { CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS, type Core } from '../../core/index.js';
import type { PublicCache } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentCity, presentCityStats } from '../presenters/cities.js';
import { presentVideoCard } from '../presenters/videos.js';
import { queryInt, text } from './common.js';

export const keyParams = z.object({ locationKey: text(120).min(1) });
export const videosQuery = z.object({ limit: queryInt.optional() });

/**
 * Public city reads (api.md): all cities, one by location key, its statistics, its latest videos;
 * of the cities the request's audience may see (an admin sees the ones being set up too).
 */
export function createCitiesRouter(core: Core, cache: PublicCache): Router {
  const router = Router();

  router.get(
    '/cities',
    cache.serve(async (_req, audience) => (await core.cities.listCities(audience)).map(presentCity)),
  );

  router.get(
    '/cities/:locationKey',
    cache.serve(async (req, audience) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      return presentCity(await core.cities.resolveCity(locationKey, audience));
    }),
  );

  router.get(
    '/cities/:locationKey/stats',
    cache.serve(async (req, audience) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      return presentCityStats(await core.cities.cityStats(locationKey, audience));
    }),
  );

  router.get(
    '/cities/:locationKey/videos',
    cache.serve(async (req, audience) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      const { limit } = parseRequest(videosQuery, req, 'query');
      const videos = await core.videos.listLatestCityVideos(locationKey, Math.min(limit ?? CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS), audience);
      return videos.map(presentVideoCard);
    }),
  );

  return router;
}
