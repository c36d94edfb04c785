import { sql } from 'kysely';
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

/** Rows sent from this address (stored as typed: compared trimmed and lowercased); returns how many went. */
export async function deleteCityRequestsFromEmail(db: Executor, email: string): Promise<number> {
  const result = await db
    .deleteFrom('city_request')
    .where(sql<string>`lower(btrim(email))`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
