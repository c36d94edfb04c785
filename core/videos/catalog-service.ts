import type { Kysely } from 'kysely';
import { findCityById, findCityByKey, listCities } from '../db/repositories/cities.js';
import { findVideoByAnyId, listLatestVideoCards, type PublicVideoRow } from '../db/repositories/city-videos.js';
import { listSegments } from '../db/repositories/transcript-segments.js';
import type { City, CityVideo, DB } from '../db/schema.js';
import type { TranscriptSegment } from '../domain/transcript.js';
import { AppError } from '../errors.js';

/** Spec §9: latest videos on a city page. */
export const CITY_PAGE_VIDEOS = 10;
export const MAX_CITY_PAGE_VIDEOS = 50;

export type CityRef = Pick<City, 'id' | 'name' | 'state' | 'location_key'>;

export interface VideoWithCity {
  video: CityVideo;
  city: CityRef | null;
}

/** What visitors read: cities, their latest meetings, one meeting with its city (spec §7 reads). */
export function createCatalogService(db: Kysely<DB>) {
  function listAllCities(): Promise<City[]> {
    return listCities(db);
  }

  async function getCity(locationKey: string): Promise<City> {
    const city = await findCityByKey(db, locationKey.trim());
    if (!city) throw new AppError('NOT_FOUND', 'City not found');
    return city;
  }

  async function listCityVideos(locationKey: string, limit = CITY_PAGE_VIDEOS): Promise<PublicVideoRow[]> {
    const key = locationKey.trim();
    const videos = await listLatestVideoCards(db, key, Math.min(Math.max(1, Math.floor(limit)), MAX_CITY_PAGE_VIDEOS));
    // No videos: only now is it worth asking whether the city exists (404) or is just new.
    if (videos.length === 0) await getCity(key);
    return videos;
  }

  async function requireVideo(idOrVideoId: string): Promise<CityVideo> {
    const video = await findVideoByAnyId(db, idOrVideoId.trim());
    if (!video) throw new AppError('NOT_FOUND', 'Video not found');
    return video;
  }

  async function getVideo(idOrVideoId: string): Promise<VideoWithCity> {
    const video = await requireVideo(idOrVideoId);
    const city = await findCityById(db, video.city_id);
    return { video, city: city ? { id: city.id, name: city.name, state: city.state, location_key: city.location_key } : null };
  }

  /** The timed transcript, for the panel that follows the player (design §6). */
  async function getSegments(idOrVideoId: string): Promise<TranscriptSegment[]> {
    const video = await requireVideo(idOrVideoId);
    return listSegments(db, video.id);
  }

  return { listCities: listAllCities, getCity, listCityVideos, getVideo, getSegments };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
