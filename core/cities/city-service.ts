import type { Kysely } from 'kysely';
import {
  findCityByKey,
  insertCity,
  listCitiesWithCounts,
  updateCity as updateCityRow,
  type CityWithCounts,
} from '../db/repositories/cities.js';
import { listUrlsWithStatsForCity, type CityUrlWithStats } from '../db/repositories/city-urls.js';
import { countVideosByCity, type VideoCounts } from '../db/repositories/city-videos.js';
import { countStagesForCity, type StageCount } from '../db/repositories/video-stages.js';
import type { City, DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../errors.js';
import { readCityChanges, readNewCity, readStatus, type CityInput } from './city-input.js';

export interface CityDetails {
  city: City;
  sources: CityUrlWithStats[];
  videos: Omit<VideoCounts, 'city_id'>;
  stages: StageCount[];
}

const conflict = (key: string) => new AppError('CONFLICT', `City ${key} already exists`);

/** Cities: the admin's city form (spec §2 screen 14, §5) for the CLI and, later, the server. */
export function createCityService(db: Kysely<DB>) {
  async function requireCity(key: string): Promise<City> {
    const city = await findCityByKey(db, key.trim());
    if (!city) throw new AppError('NOT_FOUND', `Unknown city "${key}" (civic city list shows the cities)`);
    return city;
  }

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

  async function listCities(filter: { status?: string | undefined } = {}): Promise<CityWithCounts[]> {
    return listCitiesWithCounts(db, filter.status === undefined ? {} : { status: readStatus(filter.status) });
  }

  async function showCity(key: string): Promise<CityDetails> {
    const city = await requireCity(key);
    const [sources, counts, stages] = await Promise.all([
      listUrlsWithStatsForCity(db, city.id),
      countVideosByCity(db, [city.id]),
      countStagesForCity(db, city.id),
    ]);
    const { city_id: _cityId, ...videos } = counts[0] ?? { city_id: city.id, total: 0, with_transcript: 0, analysed: 0, with_story: 0 };
    return { city, sources, videos, stages };
  }

  async function updateCity(key: string, input: CityInput): Promise<City> {
    const changes = readCityChanges(input);
    const city = await requireCity(key);
    const newKey = changes.location_key;
    if (typeof newKey === 'string' && newKey !== city.location_key && (await findCityByKey(db, newKey))) throw conflict(newKey);
    try {
      const updated = await updateCityRow(db, city.id, changes);
      if (!updated) throw new AppError('NOT_FOUND', `City ${city.location_key} was deleted meanwhile`);
      return updated;
    } catch (error) {
      if (isUniqueViolation(error) && typeof newKey === 'string') throw conflict(newKey);
      throw error;
    }
  }

  return { requireCity, addCity, listCities, showCity, updateCity };
}

export type CityService = ReturnType<typeof createCityService>;
