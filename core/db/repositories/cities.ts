import type { City, CityUpdate, NewCity } from '../schema.js';
import type { Executor } from './executor.js';

export function listCities(db: Executor, filter: { status?: string; statuses?: readonly string[] } = {}): Promise<City[]> {
  let query = db.selectFrom('cities').selectAll().orderBy('name').orderBy('state');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  return query.execute();
}

export function findCityByKey(db: Executor, locationKey: string): Promise<City | undefined> {
  return db.selectFrom('cities').selectAll().where('location_key', '=', locationKey).executeTakeFirst();
}

export function findCityById(db: Executor, id: string): Promise<City | undefined> {
  return db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCity(db: Executor, city: NewCity): Promise<City> {
  return db.insertInto('cities').values(city).returningAll().executeTakeFirstOrThrow();
}

/** Insert or refresh by location_key: what seeding and `civic city add` re-runs rely on. */
export function upsertCityByKey(db: Executor, city: NewCity): Promise<City> {
  const { location_key: _key, ...changes } = city;
  return db
    .insertInto('cities')
    .values(city)
    .onConflict((oc) => oc.column('location_key').doUpdateSet({ ...changes, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCity(db: Executor, id: string, changes: CityUpdate): Promise<City | undefined> {
  return db
    .updateTable('cities')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface CityWithCounts extends City {
  sources: number;
  videos: number;
}

/** `civic city list`: every city with how many sources and videos it has. */
export async function listCitiesWithCounts(db: Executor, filter: { status?: string } = {}): Promise<CityWithCounts[]> {
  let query = db
    .selectFrom('cities')
    .selectAll('cities')
    .select((eb) => [
      eb.selectFrom('cities_urls').select(eb.fn.countAll<string>().as('n')).whereRef('cities_urls.city_id', '=', 'cities.id').as('sources'),
      eb.selectFrom('city_videos').select(eb.fn.countAll<string>().as('n')).whereRef('city_videos.city_id', '=', 'cities.id').as('videos'),
    ])
    .orderBy('name')
    .orderBy('state');
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, sources: Number(row.sources ?? 0), videos: Number(row.videos ?? 0) }));
}
