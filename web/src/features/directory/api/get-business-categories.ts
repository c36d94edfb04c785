import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { categoryListSchema, type Category } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** GET /api/business-categories: every category row (parent and subcategory). */
function getBusinessCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get(apiPaths.businessCategories(), categoryListSchema, { signal });
}

function getBusinessCategoriesQueryOptions() {
  return queryOptions({ queryKey: ['business-categories'], queryFn: ({ signal }) => getBusinessCategories(signal) });
}

export function useBusinessCategories() {
  return useQuery(getBusinessCategoriesQueryOptions());
}
