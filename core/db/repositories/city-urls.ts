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

/** Every source, oldest first: what an address given without its id is matched against. */
export function listAllUrls(db: Executor): Promise<CityUrl[]> {
  return db.selectFrom('city_urls').selectAll().orderBy('created_at').orderBy('id').execute();
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

export interface CityUrlWithStats extends CityUrl {
  videos: number;
  /** The last discovery of this source (source_syncs), or nulls when it was never discovered. */
  sync_status: string | null;
  sync_error: string | null;
  sync_finished_at: Date | null;
  sync_videos_found: number | null;
}

/** `civic source list`: a city's sources with their video counts and last discovery, oldest first. */
export async function listUrlsWithStatsForCity(db: Executor, cityId: string): Promise<CityUrlWithStats[]> {
  const rows = await db
    .selectFrom('city_urls')
    .innerJoin('cities_urls', 'cities_urls.url_id', 'city_urls.id')
    .leftJoin('source_syncs', 'source_syncs.url_id', 'city_urls.id')
    .selectAll('city_urls')
    .select((eb) => [
      eb
        .selectFrom('city_videos')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('city_videos.city_urls_id', '=', 'city_urls.id')
        .where('city_videos.city_id', '=', cityId)
        .as('videos'),
      'source_syncs.status as sync_status',
      'source_syncs.last_error as sync_error',
      'source_syncs.finished_at as sync_finished_at',
      'source_syncs.videos_found as sync_videos_found',
    ])
    .where('cities_urls.city_id', '=', cityId)
    .orderBy('city_urls.created_at')
    .orderBy('city_urls.id')
    .execute();
  return rows.map((row) => ({ ...row, videos: Number(row.videos ?? 0) }));
}
