import { keepPreviousData, queryOptions, useQuery } from '@/lib/query/use-query.js';
import { adminListingPageSchema, type AdminListingPage } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

export interface AdminListingFilters {
  q: string;
  /** A city id, or '' for all cities. */
  cityId: string;
  /** 'A' to 'Z', or '' for none. */
  letter: string;
  page: number;
}

/** GET /api/admin/businesses: one page of 12 with the number the filters match. */
function getAdminBusinesses(filters: AdminListingFilters, signal?: AbortSignal): Promise<AdminListingPage> {
  const query = { q: filters.q.trim(), cityId: filters.cityId, letter: filters.letter, page: filters.page };
  return api.get(apiPaths.adminBusinesses(), adminListingPageSchema, { query, signal });
}

/** Every admin list query starts with this key, so a change refreshes all of them. */
export const ADMIN_BUSINESSES_KEY = ['admin', 'businesses'] as const;

function getAdminBusinessesQueryOptions(filters: AdminListingFilters) {
  return queryOptions({
    queryKey: [...ADMIN_BUSINESSES_KEY, filters],
    queryFn: ({ signal }) => getAdminBusinesses(filters, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the grid does not jump. */
export function useAdminBusinesses(filters: AdminListingFilters, enabled: boolean) {
  return useQuery({ ...getAdminBusinessesQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
