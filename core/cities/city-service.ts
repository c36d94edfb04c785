import type { Kysely, Transaction } from 'kysely';
import {
  findCityById,
  findCityByKey,
  insertCity,
  listCities as listCityRows,
  listCitiesWithCounts as listCityRowsWithCounts,
  updateCity as updateCityRow,
  type CityWithCounts,
} from '../db/repositories/cities.js';
import { readCityStats, type CityStatsRow } from '../db/repositories/city-stats.js';
import { countCityContents, deleteCityAndOwnSources, type CityContents } from '../db/repositories/city-contents.js';
import { listUrlsWithStatsForCity, type CityUrlWithStats } from '../db/repositories/city-urls.js';
import { countVideosByCity, type VideoCounts } from '../db/repositories/city-videos.js';
import { countStagesForCity, type StageCount } from '../db/repositories/video-stages.js';
import type { City, DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { isCityVisible, visibleCityStatuses, type Audience } from '../domain/city-visibility.js';
import { isUuid } from '../domain/ids.js';
import { AppError, notFoundError } from '../errors.js';
import { readCityChanges, readNewCity, readStatus, type CityInput } from './city-input.js';
import { CITY_NOT_FOUND } from '../domain/messages.js';

export interface CityDetails {
  city: City;
  sources: CityUrlWithStats[];
  videos: Omit<VideoCounts, 'city_id'>;
  stages: StageCount[];
}

const conflict = (key: string) => new AppError('CONFLICT', `City ${key} already exists`);

export type CityRemoval = CityContents & { city: City };

/**
 * A city by its location key or its id, for any front door. One the audience may not see
 * (city-visibility.ts) is answered exactly as one that does not exist.
 */
export async function resolveCity(db: Kysely<DB> | Transaction<DB>, keyOrId: string, audience: Audience = 'staff'): Promise<City> {
  const ref = keyOrId.trim();
  const city = (isUuid(ref) ? await findCityById(db, ref) : undefined) ?? (await findCityByKey(db, ref));
  if (!city || !isCityVisible(city.status, audience)) throw notFoundError('city', ref, CITY_NOT_FOUND);
  return city;
}

/**
 * Cities (spec §2 screens 6 and 14, §5): what visitors read and what the admin's city form
 * and `civic city` write. Every front door comes here; a city is named by key or id.
 */
export function createCityService(db: Kysely<DB>) {
  async function addCity(input: CityInput): Promise<City> {
    const row = readNewCity(input);
    if (await findCityByKey(db, row.location_key)) throw conflict(row.location_key);
    try {
      return await insertCity(db, row);
    } catch (error) {
      // Another writer took the key between the check and the insert.
      if (isUniqueViolation(error)) throw conflict(row.location_key);
      throw error;
    }
  }

  /** Every city the audience may see, plainly (the public list; staff see every status). */
  function listCities(audience: Audience = 'staff'): Promise<City[]> {
    return listCityRows(db, audience === 'staff' ? {} : { statuses: visibleCityStatuses(audience) });
  }

  /** With their source and video counts (the admin list and `civic city list`). */
  function listCitiesWithCounts(filter: { status?: string | undefined } = {}): Promise<CityWithCounts[]> {
    return listCityRowsWithCounts(db, filter.status === undefined ? {} : { status: readStatus(filter.status) });
  }

  async function showCity(keyOrId: string): Promise<CityDetails> {
    const city = await resolveCity(db, keyOrId);
    const [sources, counts, stages] = await Promise.all([
      listUrlsWithStatsForCity(db, city.id),
      countVideosByCity(db, [city.id]),
      countStagesForCity(db, city.id),
    ]);
    const { city_id: _cityId, ...videos } = counts[0] ?? { city_id: city.id, total: 0, with_transcript: 0, analysed: 0, with_story: 0 };
    return { city, sources, videos, stages };
  }

  /** The public Statistics card of a city page: totals over all its meetings, not one page of them. */
  async function cityStats(keyOrId: string, audience: Audience = 'staff'): Promise<CityStatsRow> {
    const city = await resolveCity(db, keyOrId, audience);
    return readCityStats(db, city.id);
  }

  async function updateCity(keyOrId: string, input: CityInput): Promise<City> {
    const changes = readCityChanges(input);
    const city = await resolveCity(db, keyOrId);
    const newKey = changes.location_key;
    if (typeof newKey === 'string' && newKey !== city.location_key && (await findCityByKey(db, newKey))) throw conflict(newKey);
    try {
      const updated = await updateCityRow(db, city.id, changes);
      if (!updated) throw notFoundError('city', keyOrId.trim(), CITY_NOT_FOUND);
      return updated;
    } catch (error) {
      if (isUniqueViolation(error) && typeof newKey === 'string') throw conflict(newKey);
      throw error;
    }
  }

  /** What removeCity would delete, changing nothing. */
  async function describeCityRemoval(keyOrId: string): Promise<CityRemoval> {
    const city = await resolveCity(db, keyOrId);
    return { city, ...(await countCityContents(db, city.id)) };
  }

  /** The city with its videos, transcripts, analyses and stories, and the sources no other city uses. */
  async function removeCity(keyOrId: string): Promise<CityRemoval> {
    return db.transaction().execute(async (trx) => {
      const city = await resolveCity(trx, keyOrId);
      const removal = { city, ...(await countCityContents(trx, city.id)) };
      await deleteCityAndOwnSources(trx, city.id);
      return removal;
    });
  }

  return { resolveCity: (keyOrId: string, audience: Audience = 'staff') => resolveCity(db, keyOrId, audience), describeCityRemoval, removeCity, addCity, listCities, listCitiesWithCounts, showCity, cityStats, updateCity };
}

export type CityService = ReturnType<typeof createCityService>;
