import { queryOptions, useQuery } from '../query/use-query.js';
import { cityListSchema, type City } from '@domain/city.js';
import { api } from '../api-client.js';
import { apiPaths } from '../paths.js';

/** GET /api/cities: every city, ordered by name. */
function getCities(signal?: AbortSignal): Promise<City[]> {
  return api.get(apiPaths.cities(), cityListSchema, { signal });
}

function getCitiesQueryOptions() {
  return queryOptions({ queryKey: ['cities'], queryFn: ({ signal }) => getCities(signal) });
}

export function useCities() {
  return useQuery(getCitiesQueryOptions());
}
