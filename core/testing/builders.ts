import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { City, CityUrl, CityVideo, DB, NewCity, NewCityUrl, NewCityVideo } from '../db/schema.js';

/** Test data builders: each makes a valid row with unique keys; overrides say what matters. */

const unique = () => randomBytes(4).toString('hex');

/** A Live city unless told (the table's default is New, which only staff see: city-visibility.ts). */
export function buildCity(db: Kysely<DB>, overrides: Partial<NewCity> = {}): Promise<City> {
  const suffix = unique();
  return db
    .insertInto('cities')
    .values({ name: `Town ${suffix}`, county: 'Test County', location_key: `town-${suffix}`, status: 'Live', ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildCityUrl(db: Kysely<DB>, cityId: string, overrides: Partial<NewCityUrl> = {}): Promise<CityUrl> {
  const url = await db
    .insertInto('city_urls')
    .values({ title: 'Council videos', url: `fixture:source-${unique()}`, content_type: 'video', source_type: 'city', ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('cities_urls').values({ city_id: cityId, url_id: url.id }).execute();
  return url;
}

export function buildVideo(db: Kysely<DB>, cityId: string, overrides: Partial<NewCityVideo> = {}): Promise<CityVideo> {
  return db
    .insertInto('city_videos')
    .values({
      city_id: cityId,
      video_id: `v${unique()}xx`.slice(0, 11),
      title: 'Regular meeting',
      published_at: new Date('2026-03-01T02:00:00Z'),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
