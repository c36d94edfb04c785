import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { cityStatsSchema, type CityStats } from '@domain/city.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/** GET /api/cities/:locationKey/stats: totals over every stored meeting of the city. */
function getCityStats(locationKey: string, signal?: AbortSignal): Promise<CityStats> {
  return api.get(apiPaths.cityStats(locationKey), cityStatsSchema, { signal });
}

/** Counts of videos change as the pipeline runs: fetched like the video list (no cache). */
function getCityStatsQueryOptions(locationKey: string) {
  return queryOptions({
    queryKey: ['cities', locationKey, 'stats'],
    queryFn: ({ signal }) => getCityStats(locationKey, signal),
    ...videoQuerySettings,
  });
}

export function useCityStats(locationKey: string) {
  return useQuery(getCityStatsQueryOptions(locationKey));
}
