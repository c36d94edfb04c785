import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import type { PublicCache } from '../middleware/public-cache.js';
import { parseRequest } from '../middleware/validate.js';
import { presentListing } from '../presenters/listings.js';
import { text } from './common.js';

export const listQuery = z.object({ city: text(120).optional() });
export const keyParams = z.object({ businessKey: text(200).min(1) });

/**
 * The public directory (api.md): categories, listings (Tier 1, 2, 3, then name), one listing.
 * Listings of cities being set up are the staff's only, like their cities.
 */
export function createBusinessesRouter(core: Core, cache: PublicCache): Router {
  const router = Router();

  router.get(
    '/business-categories',
    cache.serve(async () => {
      const categories = await core.directory.listCategories();
      return categories.map((category) => ({ id: category.id, parent_category: category.parent_category, sub_category: category.sub_category }));
    }),
  );

  router.get(
    '/businesses',
    cache.serve(async (req, audience) => {
      const { city } = parseRequest(listQuery, req, 'query');
      return (await core.directory.listListings(city ? { cityKey: city } : {}, audience)).map(presentListing);
    }),
  );

  router.get(
    '/businesses/:businessKey',
    cache.serve(async (req, audience) => {
      const { businessKey } = parseRequest(keyParams, req, 'params');
      return presentListing(await core.directory.getListing(businessKey, audience));
    }),
  );

  return router;
}
