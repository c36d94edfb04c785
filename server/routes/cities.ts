import { Router } from 'express';
import { z } from 'zod';
import { CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS, type Core } from '../../core/index.js';
import type { PublicCache } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentCity, presentCityStats } from '../presenters/cities.js';
import { presentVideoCard } from '../presenters/videos.js';
import { queryInt, text } from './common.js';

const keyParams = z.object({ locationKey: text(120).min(1) });
const videosQuery = z.object({ limit: queryInt.optional() });

/** Public city reads (api.md): all cities, one by location key, its statistics, its latest videos. */
export function createCitiesRouter(core: Core, cache: PublicCache): Router {
  const router = Router();

  router.get(
    '/cities',
    cache.serve(async () => (await core.cities.listCities()).map(presentCity)),
  );

  router.get(
    '/cities/:locationKey',
    cache.serve(async (req) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      return presentCity(await core.cities.resolveCity(locationKey));
    }),
  );

  router.get(
    '/cities/:locationKey/stats',
    cache.serve(async (req) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      return presentCityStats(await core.cities.cityStats(locationKey));
    }),
  );

  router.get(
    '/cities/:locationKey/videos',
    cache.serve(async (req) => {
      const { locationKey } = parseRequest(keyParams, req, 'params');
      const { limit } = parseRequest(videosQuery, req, 'query');
      const videos = await core.videos.listLatestCityVideos(locationKey, Math.min(limit ?? CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS));
      return videos.map(presentVideoCard);
    }),
  );

  return router;
}
