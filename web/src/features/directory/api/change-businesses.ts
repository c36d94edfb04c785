import type { QueryClient } from '@/lib/query/client.js';
import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { adminListingSchema, type AdminListing } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { ADMIN_BUSINESSES_KEY } from './get-admin-businesses.js';

/** The §7 fields the edit dialog writes; '' clears an optional field. */
export interface ListingEdit {
  name: string;
  description: string;
  street_address: string;
  postal_code: string;
  telephone: string;
  email: string;
  website: string;
  listing_tier: string;
  image_url: string;
}

/** A new listing (beyond the spec): the edit fields plus its city and category ids ('' for none). */
interface ListingCreate extends ListingEdit {
  city_id: string;
  business_category: string;
}

/** PATCH /api/admin/businesses/:id. */
function updateBusiness(id: string, edit: ListingEdit): Promise<AdminListing> {
  return api.patch(apiPaths.adminBusiness(id), edit, adminListingSchema);
}

/** POST /api/admin/businesses (201). */
function createBusiness(listing: ListingCreate): Promise<AdminListing> {
  const body = { ...listing, city_id: listing.city_id || null, business_category: listing.business_category || null };
  return api.post(apiPaths.adminBusinesses(), body, adminListingSchema);
}

/** DELETE /api/admin/businesses/:id (204). */
function deleteBusiness(id: string): Promise<void> {
  return api.delete(apiPaths.adminBusiness(id));
}

/** Admin pages and the public directory both show listings: refresh both after a change. */
export function refreshListings(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_BUSINESSES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['businesses'] }),
  ]).then(() => undefined);
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: ListingEdit }) => updateBusiness(id, edit),
    onSuccess: () => refreshListings(queryClient),
  });
}

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBusiness, onSuccess: () => refreshListings(queryClient) });
}

export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBusiness, onSuccess: () => refreshListings(queryClient) });
}
