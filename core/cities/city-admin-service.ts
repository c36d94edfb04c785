import type { Kysely } from 'kysely';
import { findCityById, findCityByKey, updateCity as updateCityRow } from '../db/repositories/cities.js';
import { linkUrlToCity, unlinkUrl } from '../db/repositories/cities-urls.js';
import { deleteUrl, findCityUrlByAddress, findUrlById, insertUrl, listUrlsWithStatsForCity, updateUrl, type CityUrlWithStats } from '../db/repositories/city-urls.js';
import type { City, CityUrl, DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';
import { readNewSource, type SourceInput } from '../sources/source-input.js';
import { readCityChanges, type CityInput } from './city-input.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin screens address cities and their URLs by id (spec §7 writes by id). */
export function createCityAdminService(db: Kysely<DB>) {
  async function requireCity(id: string): Promise<City> {
    const city = UUID.test(id) ? await findCityById(db, id) : undefined;
    if (!city) throw new AppError('NOT_FOUND', 'City not found');
    return city;
  }

  async function requireSource(id: string): Promise<CityUrl> {
    const source = UUID.test(id) ? await findUrlById(db, id) : undefined;
    if (!source) throw new AppError('NOT_FOUND', 'URL not found');
    return source;
  }

  async function updateCity(id: string, input: CityInput): Promise<City> {
    const changes = readCityChanges(input);
    const city = await requireCity(id);
    const newKey = changes.location_key;
    const taken = () => new AppError('CONFLICT', `City ${String(newKey)} already exists`);
    if (typeof newKey === 'string' && newKey !== city.location_key && (await findCityByKey(db, newKey))) throw taken();
    try {
      const updated = await updateCityRow(db, city.id, changes);
      if (!updated) throw new AppError('NOT_FOUND', 'City not found');
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async function listSources(cityId: string): Promise<CityUrlWithStats[]> {
    const city = await requireCity(cityId);
    return listUrlsWithStatsForCity(db, city.id);
  }

  /** The URL row and its cities_urls link, in one transaction (spec §7). */
  async function addSource(cityId: string, input: SourceInput): Promise<CityUrl> {
    const row = readNewSource(input);
    const city = await requireCity(cityId);
    return db.transaction().execute(async (trx) => {
      if (await findCityUrlByAddress(trx, city.id, row.url)) throw new AppError('CONFLICT', `${row.url} is already a URL of ${city.name}`);
      const source = await insertUrl(trx, row);
      await linkUrlToCity(trx, city.id, source.id);
      return source;
    });
  }

  /** Changed fields are checked together with the kept ones (a video URL must stay a YouTube address). */
  async function updateSource(id: string, input: Partial<SourceInput>): Promise<CityUrl> {
    const current = await requireSource(id);
    if (Object.values(input).every((value) => value === undefined)) throw new AppError('BAD_INPUT', 'Nothing to update');
    const row = readNewSource({
      url: input.url ?? current.url,
      title: input.title ?? current.title ?? undefined,
      contentType: input.contentType ?? current.content_type ?? undefined,
      sourceType: input.sourceType ?? current.source_type ?? undefined,
      entityType: input.entityType ?? current.entity_type,
    });
    const updated = await updateUrl(db, current.id, row);
    if (!updated) throw new AppError('NOT_FOUND', 'URL not found');
    return updated;
  }

  /** Spec §7: the link rows by url_id, then the URL. Its videos stay, no longer tied to a source. */
  async function removeSource(id: string): Promise<void> {
    const source = await requireSource(id);
    await db.transaction().execute(async (trx) => {
      await unlinkUrl(trx, source.id);
      await deleteUrl(trx, source.id);
    });
  }

  return { requireCity, updateCity, listSources, addSource, updateSource, removeSource };
}

export type CityAdminService = ReturnType<typeof createCityAdminService>;
