import type { Kysely } from 'kysely';
import { findCityById } from '../db/repositories/cities.js';
import { findVideoByAnyId } from '../db/repositories/city-videos.js';
import { isCityVisible, type Audience } from '../domain/city-visibility.js';
import type { City, CityVideo, DB } from '../db/schema.js';
import { parseYoutubeUrl } from '../domain/youtube-url.js';
import { notFoundError } from '../errors.js';

export type CityRef = Pick<City, 'id' | 'name' | 'state' | 'location_key'>;

/** A meeting by our id, its YouTube id, or a YouTube link to it. */
export async function resolveVideo(db: Kysely<DB>, idOrYoutubeIdOrUrl: string): Promise<CityVideo> {
  const ref = idOrYoutubeIdOrUrl.trim();
  const link = ref.includes('/') ? parseYoutubeUrl(ref) : null;
  const key = link?.ok && link.source.kind === 'video' ? link.source.videoId : ref;
  const video = key ? await findVideoByAnyId(db, key) : undefined;
  if (!video) throw notFoundError('video', ref, 'Video not found');
  return video;
}

export const cityRefOf = (city: City | undefined): CityRef | null =>
  city ? { id: city.id, name: city.name, state: city.state, location_key: city.location_key } : null;

/**
 * A meeting with its city, when the audience may see that city (city-visibility.ts): a meeting
 * of a city being set up is, to the public, a meeting that does not exist.
 */
export async function resolveVisibleVideo(db: Kysely<DB>, ref: string, audience: Audience): Promise<{ video: CityVideo; city: City | undefined }> {
  const video = await resolveVideo(db, ref);
  const city = await findCityById(db, video.city_id);
  if (audience !== 'staff' && !(city && isCityVisible(city.status, audience))) throw notFoundError('video', ref.trim(), 'Video not found');
  return { video, city };
}
