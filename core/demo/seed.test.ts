import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureDemoData } from '../adapters/fixture/demo-data.js';
import { DEFAULT_FIXTURES_DIR } from '../adapters/fixture/fixture-files.js';
import type { Database } from '../db/database.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { seedDemo } from './seed.js';

async function counts(database: Database) {
  const tables = ['cities', 'city_urls', 'cities_urls', 'business_categories', 'business_listings'] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

describe.each(TEST_ENGINES)('demo seed on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  it('loads Fairview, its sources and the directory, and a second run changes nothing', async () => {
    const report = await seedDemo(database.db, createFixtureDemoData());
    expect(report.businesses).toBeGreaterThanOrEqual(40);
    const first = await counts(database);

    await seedDemo(database.db, createFixtureDemoData());
    expect(await counts(database)).toEqual(first);

    const fairview = await database.db.selectFrom('cities').selectAll().where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
    expect(fairview).toMatchObject({ name: 'Fairview', state: 'CA', status: 'Live' });
    const sources = await database.db
      .selectFrom('city_urls')
      .innerJoin('cities_urls', 'cities_urls.url_id', 'city_urls.id')
      .select(['city_urls.url', 'city_urls.source_type'])
      .where('cities_urls.city_id', '=', fairview.id)
      .execute();
    expect(sources.map((s) => s.source_type).sort()).toEqual(['city', 'school_district']);
    expect(sources.every((s) => s.url.startsWith('fixture:'))).toBe(true);

    const tiers = await database.db.selectFrom('business_listings').select('listing_tier').distinct().orderBy('listing_tier').execute();
    expect(tiers.map((t) => t.listing_tier)).toEqual(['Tier 1', 'Tier 2', 'Tier 3']);
  });

  describe('with a broken fixture', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-fixtures-'));
      await fs.cp(DEFAULT_FIXTURES_DIR, dir, { recursive: true });
    });
    afterEach(async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('writes nothing when a business names an unknown city', async () => {
      const file = path.join(dir, 'directory', 'businesses.json');
      const businesses = JSON.parse(await fs.readFile(file, 'utf8')) as { city_key: string }[];
      businesses[businesses.length - 1]!.city_key = 'atlantis-ca';
      await fs.writeFile(file, JSON.stringify(businesses));

      await expect(seedDemo(database.db, createFixtureDemoData(dir))).rejects.toThrow(/unknown key "atlantis-ca"/);
      expect(await counts(database)).toEqual({ cities: 0, city_urls: 0, cities_urls: 0, business_categories: 0, business_listings: 0 });
    });
  });
});
