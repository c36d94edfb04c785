import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { listingEditSchema } from '../../core/domain/listing-form.js';
import { requireAdmin } from '../middleware/guards.js';
import type { CacheInvalidation } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentAdminListing } from '../presenters/listings.js';
import { idParams, queryInt, text, uuid } from './common.js';

const listingQuery = z.object({
  letter: text(3).optional(),
  cityId: uuid.optional(),
  q: text(200).optional(),
  page: queryInt.max(100_000).optional(),
});

/** Beyond the spec: a new listing, the edit fields plus where it is listed. */
const listingCreateSchema = z.object({
  ...listingEditSchema.shape,
  name: text(200),
  city_id: uuid.nullable().optional(),
  business_category: uuid.nullable().optional(),
  business_key: text(80).nullable().optional(),
});

/** Business directory admin (spec §2 screen 16). Admins only; every change empties the public cache. */
export function createAdminBusinessesRouter(core: Core, cache: CacheInvalidation): Router {
  const router = Router();
  router.use('/admin/businesses', requireAdmin);

  router.get('/admin/businesses', async (req, res) => {
    const query = parseRequest(listingQuery, req, 'query');
    const page = await core.directory.listForAdmin(query);
    res.json({ rows: page.rows.map(presentAdminListing), total: page.total, page: page.page, page_size: page.pageSize });
  });

  router.post('/admin/businesses', cache.invalidates(async (req, res) => {
    const listing = parseRequest(listingCreateSchema, req);
    res.status(201).json(presentAdminListing(await core.directory.createListing(listing)));
  }));

  router.delete('/admin/businesses/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    await core.directory.deleteListing(id);
    res.status(204).end();
  }));

  router.patch('/admin/businesses/:id', cache.invalidates(async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const edit = parseRequest(listingEditSchema, req);
    res.json(presentAdminListing(await core.directory.updateListing(id, edit)));
  }));

  return router;
}
