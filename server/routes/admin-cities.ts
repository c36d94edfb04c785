import { Router } from 'express';
import { z } from 'zod';
import type { CityInput, Core, SourceInput } from '../../core/index.js';
import { cityFieldsSchema, urlFieldsSchema, type CityFieldsBody } from '../../core/domain/city-form.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentAdminCity, presentCityUrl } from '../presenters/cities.js';
import { idParams } from './common.js';


type CityFields = CityFieldsBody;

type UrlFields = z.infer<typeof urlFieldsSchema>;

const orBlank = (value: string | null | undefined) => (value === null ? '' : value);

function toCityInput(fields: CityFields): CityInput {
  return {
    name: fields.name,
    county: fields.county,
    state: fields.state,
    key: fields.location_key,
    description: orBlank(fields.description),
    tagLine: orBlank(fields.tag_line),
    imageUrl: orBlank(fields.image_url),
    domain: orBlank(fields.domain),
    primaryColor: fields.primary_color ?? undefined,
    secondaryColor: fields.secondary_color ?? undefined,
    icon: orBlank(fields.icon),
    status: fields.status,
    storyReview: fields.story_review,
  };
}

function toSourceInput(fields: UrlFields): Partial<SourceInput> {
  return {
    url: fields.url,
    title: orBlank(fields.title),
    contentType: fields.content_type,
    sourceType: fields.source_type,
    entityType: fields.entity_type,
  };
}

/** City management (spec §2 screen 14): cities and their URLs. Admins only; every write empties the public cache. */
export function createAdminCitiesRouter(core: Core, cache: CacheInvalidation): Router {
  const router = Router();
  router.use(['/admin/cities', '/admin/urls'], requireAdmin);

  router.get('/admin/cities', async (_req, res) => {
    res.json((await core.cities.listCitiesWithCounts()).map(presentAdminCity));
  });

  router.post('/admin/cities', cache.invalidates(async (req, res) => {
    const fields = parseRequest(cityFieldsSchema, req);
    const city = await core.cities.addCity(toCityInput(fields));
    res.status(201).json(presentAdminCity(city));
  }));

  router.patch('/admin/cities/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const fields = parseRequest(cityFieldsSchema, req);
    res.json(presentAdminCity(await core.cities.updateCity(id, dropUndefined(toCityInput(fields)))));
  }));

  router.get('/admin/cities/:id/urls', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    res.json((await core.sources.listSources(id)).sources.map(presentCityUrl));
  });

  router.post('/admin/cities/:id/urls', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const fields = parseRequest(urlFieldsSchema, req);
    const { source } = await core.sources.addSource(id, { ...toSourceInput(fields), url: fields.url ?? '' });
    res.status(201).json(presentCityUrl(source));
  }));

  router.patch('/admin/urls/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const fields = parseRequest(urlFieldsSchema, req);
    res.json(presentCityUrl(await core.sources.updateSource(id, dropUndefined(toSourceInput(fields)))));
  }));

  router.delete('/admin/urls/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    await core.sources.removeSource(id);
    res.status(204).end();
  }));

  return router;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
