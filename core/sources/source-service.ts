import type { Kysely } from 'kysely';
import { findCityById } from '../db/repositories/cities.js';
import { linkUrlToCity, unlinkUrl } from '../db/repositories/cities-urls.js';
import {
  deleteUrl,
  findCityUrlByAddress,
  findUrlById,
  insertUrl,
  listCityIdsForUrl,
  listUrlsWithStatsForCity,
  updateUrl,
  type CityUrlWithStats,
} from '../db/repositories/city-urls.js';
import { countVideosForSource } from '../db/repositories/city-videos.js';
import type { City, CityUrl, DB } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';
import { AppError, notFoundError } from '../errors.js';
import { resolveCity } from '../cities/city-service.js';
import { readNewSource, type SourceInput } from './source-input.js';

export interface SourceDetails {
  source: CityUrl;
  /** Location keys of the cities it is linked to. */
  cities: string[];
  /** Videos found through it; they stay when the source is removed. */
  videos: number;
}

export async function resolveSource(db: Kysely<DB>, id: string): Promise<CityUrl> {
  const ref = id.trim();
  const source = isUuid(ref) ? await findUrlById(db, ref) : undefined;
  if (!source) throw notFoundError('source', ref, 'URL not found');
  return source;
}

/** A source named for a city (`civic ingest --source`): it must be one of the city's. */
export async function resolveSourceOfCity(db: Kysely<DB>, city: City, id: string): Promise<CityUrl> {
  const source = await resolveSource(db, id);
  if (!(await listCityIdsForUrl(db, source.id)).includes(city.id)) throw notFoundError('source', id.trim(), 'URL not found');
  return source;
}

/** A city's sources (spec §7: city_urls plus the cities_urls link row), for the CLI and the admin screens. */
export function createSourceService(db: Kysely<DB>) {
  /** Inserts the URL, then its link row, in one transaction. */
  async function addSource(cityKeyOrId: string, input: SourceInput): Promise<{ city: City; source: CityUrl }> {
    const row = readNewSource(input);
    const city = await resolveCity(db, cityKeyOrId);
    const source = await db.transaction().execute(async (trx) => {
      const existing = await findCityUrlByAddress(trx, city.id, row.url);
      if (existing) throw new AppError('CONFLICT', `Source ${row.url} already exists for ${city.location_key} (id ${existing.id})`);
      const inserted = await insertUrl(trx, row);
      await linkUrlToCity(trx, city.id, inserted.id);
      return inserted;
    });
    return { city, source };
  }

  async function listSources(cityKeyOrId: string): Promise<{ city: City; sources: CityUrlWithStats[] }> {
    const city = await resolveCity(db, cityKeyOrId);
    return { city, sources: await listUrlsWithStatsForCity(db, city.id) };
  }

  async function describeSource(id: string): Promise<SourceDetails> {
    const source = await resolveSource(db, id);
    const [cityIds, videos] = await Promise.all([listCityIdsForUrl(db, source.id), countVideosForSource(db, source.id)]);
    const cities = await Promise.all(cityIds.map((cityId) => findCityById(db, cityId)));
    return { source, cities: cities.flatMap((city) => (city ? [city.location_key] : [])).sort(), videos };
  }

  /** Changed fields are checked together with the kept ones (a video URL must stay a YouTube address). */
  async function updateSource(id: string, input: Partial<SourceInput>): Promise<CityUrl> {
    const current = await resolveSource(db, id);
    if (Object.values(input).every((value) => value === undefined)) throw new AppError('BAD_INPUT', 'Nothing to update');
    const row = readNewSource({
      url: input.url ?? current.url,
      title: input.title ?? current.title ?? undefined,
      contentType: input.contentType ?? current.content_type ?? undefined,
      sourceType: input.sourceType ?? current.source_type ?? undefined,
      entityType: input.entityType ?? current.entity_type,
    });
    const updated = await updateUrl(db, current.id, row);
    if (!updated) throw notFoundError('source', current.id, 'URL not found');
    return updated;
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

  return { resolveSource: (id: string) => resolveSource(db, id), resolveSourceOfCity: (city: City, id: string) => resolveSourceOfCity(db, city, id), addSource, listSources, describeSource, updateSource, removeSource };
}

export type SourceService = ReturnType<typeof createSourceService>;
