import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { parseRequest } from '../middleware/validate.js';
import { presentListing } from '../presenters/listings.js';
import { text } from './common.js';

const listQuery = z.object({ city: text(120).optional() });
const keyParams = z.object({ businessKey: text(200).min(1) });

/** The public directory (api.md): categories, listings (Tier 1, 2, 3, then name), one listing. */
export function createBusinessesRouter(core: Core): Router {
  const router = Router();

  router.get('/business-categories', async (_req, res) => {
    const categories = await core.directory.listCategories();
    res.json(categories.map((category) => ({ id: category.id, parent_category: category.parent_category, sub_category: category.sub_category })));
  });

  router.get('/businesses', async (req, res) => {
    const { city } = parseRequest(listQuery, req, 'query');
    const listings = await core.directory.listListings(city ? { cityKey: city } : {});
    res.json(listings.map(presentListing));
  });

  router.get('/businesses/:businessKey', async (req, res) => {
    const { businessKey } = parseRequest(keyParams, req, 'params');
    res.json(presentListing(await core.directory.getListing(businessKey)));
  });

  return router;
}
