import { Router } from 'express';
import { z } from 'zod';
import { CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS, type Core } from '../../core/index.js';
import { parseRequest } from '../middleware/validate.js';
import { presentCity } from '../presenters/cities.js';
import { presentVideoCard } from '../presenters/videos.js';
import { queryInt, text } from './common.js';

const keyParams = z.object({ locationKey: text(120).min(1) });
const videosQuery = z.object({ limit: queryInt.optional() });

/** Public city reads (api.md): all cities, one by location key, its latest videos. */
export function createCitiesRouter(core: Core): Router {
  const router = Router();

  router.get('/cities', async (_req, res) => {
    const cities = await core.catalog.listCities();
    res.json(cities.map(presentCity));
  });

  router.get('/cities/:locationKey', async (req, res) => {
    const { locationKey } = parseRequest(keyParams, req, 'params');
    res.json(presentCity(await core.catalog.getCity(locationKey)));
  });

  router.get('/cities/:locationKey/videos', async (req, res) => {
    const { locationKey } = parseRequest(keyParams, req, 'params');
    const { limit } = parseRequest(videosQuery, req, 'query');
    const videos = await core.catalog.listCityVideos(locationKey, Math.min(limit ?? CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS));
    res.json(videos.map(presentVideoCard));
  });

  return router;
}
