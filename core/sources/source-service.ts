import type { Kysely } from 'kysely';
import { findCityById, findCityByKey } from '../db/repositories/cities.js';
import { linkUrlToCity, unlinkUrl } from '../db/repositories/cities-urls.js';
import {
  deleteUrl,
  findCityUrlByAddress,
  findUrlById,
  insertUrl,
  listCityIdsForUrl,
  listUrlsWithStatsForCity,
  type CityUrlWithStats,
} from '../db/repositories/city-urls.js';
import { countVideosForSource } from '../db/repositories/city-videos.js';
import type { City, CityUrl, DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { readNewSource, type SourceInput } from './source-input.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SourceDetails {
  source: CityUrl;
  /** Location keys of the cities it is linked to. */
  cities: string[];
  /** Videos found through it; they stay when the source is removed. */
  videos: number;
}

/** A city's sources (spec §7: city_urls plus the cities_urls link row). */
export function createSourceService(db: Kysely<DB>) {
  async function requireCity(key: string): Promise<City> {
    const city = await findCityByKey(db, key.trim());
    if (!city) throw new AppError('NOT_FOUND', `Unknown city "${key}" (civic city list shows the cities)`);
    return city;
  }

  /** Inserts the URL, then its link row, in one transaction. */
  async function addSource(cityKey: string, input: SourceInput): Promise<{ city: City; source: CityUrl }> {
    const row = readNewSource(input);
    const city = await requireCity(cityKey);
    const source = await db.transaction().execute(async (trx) => {
      const existing = await findCityUrlByAddress(trx, city.id, row.url);
      if (existing) throw new AppError('CONFLICT', `Source ${row.url} already exists for ${city.location_key} (id ${existing.id})`);
      const inserted = await insertUrl(trx, row);
      await linkUrlToCity(trx, city.id, inserted.id);
      return inserted;
    });
    return { city, source };
  }

  async function listSources(cityKey: string): Promise<{ city: City; sources: CityUrlWithStats[] }> {
    const city = await requireCity(cityKey);
    return { city, sources: await listUrlsWithStatsForCity(db, city.id) };
  }

  async function describeSource(id: string): Promise<SourceDetails> {
    const source = UUID.test(id.trim()) ? await findUrlById(db, id.trim()) : undefined;
    if (!source) throw new AppError('NOT_FOUND', `Unknown source "${id}" (civic source list --city <key> shows a city's sources)`);
    const [cityIds, videos] = await Promise.all([listCityIdsForUrl(db, source.id), countVideosForSource(db, source.id)]);
    const cities = await Promise.all(cityIds.map((cityId) => findCityById(db, cityId)));
    return { source, cities: cities.flatMap((city) => (city ? [city.location_key] : [])).sort(), videos };
  }

  /** Spec §7: link rows by url_id, then the URL. Its videos stay, no longer tied to a source. */
  async function removeSource(id: string): Promise<SourceDetails> {
    const details = await describeSource(id);
    await db.transaction().execute(async (trx) => {
      await unlinkUrl(trx, details.source.id);
      await deleteUrl(trx, details.source.id);
    });
    return details;
  }

  return { addSource, listSources, describeSource, removeSource };
}

export type SourceService = ReturnType<typeof createSourceService>;
