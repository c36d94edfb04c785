import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { listingSchema, type Listing } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** GET /api/businesses/:businessKey: one listing (the key falls back to the id); NOT_FOUND when none. */
function getBusiness(businessKey: string, signal?: AbortSignal): Promise<Listing> {
  return api.get(apiPaths.business(businessKey), listingSchema, { signal });
}

function getBusinessQueryOptions(businessKey: string) {
  return queryOptions({ queryKey: ['businesses', 'one', businessKey], queryFn: ({ signal }) => getBusiness(businessKey, signal) });
}

export function useBusiness(businessKey: string) {
  return useQuery(getBusinessQueryOptions(businessKey));
}
