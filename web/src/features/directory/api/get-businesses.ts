import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { listingListSchema, type Listing } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** GET /api/businesses[?city=]: listings with their city, Tier 1, 2, 3, then name. */
function getBusinesses(cityKey: string | undefined, signal?: AbortSignal): Promise<Listing[]> {
  return api.get(apiPaths.businesses(), listingListSchema, { query: { city: cityKey }, signal });
}

function getBusinessesQueryOptions(cityKey: string | undefined) {
  return queryOptions({
    queryKey: ['businesses', 'list', cityKey ?? null],
    queryFn: ({ signal }) => getBusinesses(cityKey, signal),
  });
}

/** Every city's listings, or one city's when a location key is given. */
export function useBusinesses(cityKey: string | undefined) {
  return useQuery(getBusinessesQueryOptions(cityKey));
}
