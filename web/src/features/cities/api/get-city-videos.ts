import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { cityVideoCardListSchema, type CityVideoCard } from '@domain/city.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/** Spec §9: a city page shows its 10 latest videos. */
const CITY_PAGE_VIDEOS = 10;

/** GET /api/cities/:locationKey/videos: the latest meetings, newest first. */
function getCityVideos(locationKey: string, signal?: AbortSignal): Promise<CityVideoCard[]> {
  return api.get(apiPaths.cityVideos(locationKey), cityVideoCardListSchema, { signal, query: { limit: CITY_PAGE_VIDEOS } });
}

/** A video query: one retry and no cache (spec §7). */
function getCityVideosQueryOptions(locationKey: string) {
  return queryOptions({
    queryKey: ['cities', locationKey, 'videos'],
    queryFn: ({ signal }) => getCityVideos(locationKey, signal),
    ...videoQuerySettings,
  });
}

export function useCityVideos(locationKey: string) {
  return useQuery(getCityVideosQueryOptions(locationKey));
}
