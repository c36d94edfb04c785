import type { CityUrl, NewCityUrl } from '../schema.js';
import type { Executor } from './executor.js';

export interface CityUrlFilter {
  contentType?: string;
}

/** A city's sources through the cities_urls link table, oldest first. */
export function listUrlsForCity(db: Executor, cityId: string, filter: CityUrlFilter = {}): Promise<CityUrl[]> {
  let query = db
    .selectFrom('city_urls')
    .innerJoin('cities_urls', 'cities_urls.url_id', 'city_urls.id')
    .selectAll('city_urls')
    .where('cities_urls.city_id', '=', cityId)
    .orderBy('city_urls.created_at')
    .orderBy('city_urls.id');
  if (filter.contentType) query = query.where('city_urls.content_type', '=', filter.contentType);
  return query.execute();
}

export function findUrlById(db: Executor, id: string): Promise<CityUrl | undefined> {
  return db.selectFrom('city_urls').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCityUrlByAddress(db: Executor, cityId: string, url: string): Promise<CityUrl | undefined> {
  return db
    .selectFrom('city_urls')
    .innerJoin('cities_urls', 'cities_urls.url_id', 'city_urls.id')
    .selectAll('city_urls')
    .where('cities_urls.city_id', '=', cityId)
    .where('city_urls.url', '=', url)
    .executeTakeFirst();
}

export function insertUrl(db: Executor, url: NewCityUrl): Promise<CityUrl> {
  return db.insertInto('city_urls').values(url).returningAll().executeTakeFirstOrThrow();
}

export function updateUrl(db: Executor, id: string, changes: Partial<NewCityUrl>): Promise<CityUrl | undefined> {
  return db
    .updateTable('city_urls')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUrl(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('city_urls').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The city ids a URL is linked to. */
export async function listCityIdsForUrl(db: Executor, urlId: string): Promise<string[]> {
  const rows = await db.selectFrom('cities_urls').select('city_id').where('url_id', '=', urlId).execute();
  return rows.map((row) => row.city_id);
}
