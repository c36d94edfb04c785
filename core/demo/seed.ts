import type { Kysely } from 'kysely';
import { upsertCategory } from '../db/repositories/business-categories.js';
import { upsertListingByKey } from '../db/repositories/business-listings.js';
import { upsertCityByKey } from '../db/repositories/cities.js';
import { linkUrlToCity } from '../db/repositories/cities-urls.js';
import { findCityUrlByAddress, insertUrl, updateUrl } from '../db/repositories/city-urls.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { DemoDataSource } from '../ports/demo-data.js';

export interface SeedReport {
  cities: number;
  sources: number;
  categories: number;
  businesses: number;
}

/**
 * Loads the demo cities, their video sources and the business directory (from fixtures/, as
 * createCore wires it).
 * Idempotent: rows are matched by their natural keys (location_key, source URL, category
 * names, business_key) and refreshed, so running it twice leaves the same database.
 * One transaction: a bad fixture leaves nothing half-seeded.
 */
export async function seedDemo(db: Kysely<DB>, demoData: DemoDataSource): Promise<SeedReport> {
  const { cities, sources, categories, businesses } = await demoData.load();

  return db.transaction().execute(async (trx) => {
    const cityIds = new Map<string, string>();
    for (const city of cities) {
      const row = await upsertCityByKey(trx, city);
      cityIds.set(city.location_key, row.id);
    }

    for (const source of sources) {
      const cityId = requireKey(cityIds, source.city_key, `source ${source.key}`);
      const fields = {
        title: source.title,
        url: source.url,
        content_type: source.content_type,
        source_type: source.source_type,
        entity_type: source.entity_type,
      };
      const existing = await findCityUrlByAddress(trx, cityId, source.url);
      const url = existing ? await updateUrl(trx, existing.id, fields) : await insertUrl(trx, fields);
      if (url) await linkUrlToCity(trx, cityId, url.id);
    }

    const categoryIds = new Map<string, string>();
    for (const category of categories) {
      const row = await upsertCategory(trx, { parent_category: category.parent_category, sub_category: category.sub_category });
      categoryIds.set(category.key, row.id);
    }

    for (const business of businesses) {
      const { city_key, category_key, ...listing } = business;
      await upsertListingByKey(trx, {
        ...listing,
        city_id: requireKey(cityIds, city_key, `business ${business.business_key}`),
        business_category: requireKey(categoryIds, category_key, `business ${business.business_key}`),
      });
    }

    return { cities: cities.length, sources: sources.length, categories: categories.length, businesses: businesses.length };
  });
}

function requireKey(ids: Map<string, string>, key: string, owner: string): string {
  const id = ids.get(key);
  if (!id) throw new AppError('BAD_INPUT', `Demo fixtures: ${owner} names unknown key "${key}"`);
  return id;
}
