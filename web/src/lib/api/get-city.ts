import { queryOptions, useQuery } from '../query/use-query.js';
import { citySchema, type City } from '@domain/city.js';
import { api } from '../api-client.js';
import { apiPaths } from '../paths.js';

/** GET /api/cities/:locationKey: one city; ApiError NOT_FOUND (404) when there is none. */
function getCity(locationKey: string, signal?: AbortSignal): Promise<City> {
  return api.get(apiPaths.city(locationKey), citySchema, { signal });
}

function getCityQueryOptions(locationKey: string) {
  return queryOptions({ queryKey: ['cities', locationKey], queryFn: ({ signal }) => getCity(locationKey, signal) });
}

/** Pass `undefined` (no city in the route) to skip the request. */
export function useCity(locationKey: string | undefined) {
  return useQuery({ ...getCityQueryOptions(locationKey ?? ''), enabled: Boolean(locationKey) });
}
