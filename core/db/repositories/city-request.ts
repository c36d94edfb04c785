import type { Executor } from './executor.js';

export interface CityRequestRow {
  id: string;
  state: string;
  city_name: string;
  email: string;
  created_at: Date;
}

export function insertCityRequest(db: Executor, request: { state: string; city_name: string; email: string }): Promise<CityRequestRow> {
  return db.insertInto('city_request').values(request).returningAll().executeTakeFirstOrThrow();
}
