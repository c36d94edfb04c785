import { useQueryClient } from '../query/provider.js';
import { useMutation } from '../query/use-mutation.js';
import { queryOptions, useQuery } from '../query/use-query.js';
import {
  savedSearchListSchema, savedSearchViewSchema, type SavedSearchInput, type SavedSearchUpdate, type SavedSearchView,
} from '@domain/alerts.js';
import { api } from '../api-client.js';
import { apiPaths } from '../paths.js';

/**
 * A member's saved searches (issue 27): GET, POST /api/profile/alerts; PATCH, DELETE one; POST
 * its feed-token to revoke the old feed address. One file: the five calls share one cache key.
 */
function getSavedSearchesQueryOptions() {
  return queryOptions({
    queryKey: ['saved-searches'],
    queryFn: async ({ signal }) => (await api.get(apiPaths.savedSearches(), savedSearchListSchema, { signal })).alerts,
  });
}

export function useSavedSearches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSavedSearchesQueryOptions(), enabled: options.enabled ?? true });
}

function useSavedSearchMutation<A, R>(call: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedSearchesQueryOptions().queryKey }),
  });
}

export const useSaveSearch = () =>
  useSavedSearchMutation((input: SavedSearchInput): Promise<SavedSearchView> => api.post(apiPaths.savedSearches(), input, savedSearchViewSchema));

export const useUpdateSavedSearch = () =>
  useSavedSearchMutation(({ id, ...changes }: SavedSearchUpdate & { id: string }) => api.patch(apiPaths.savedSearch(id), changes, savedSearchViewSchema));

export const useDeleteSavedSearch = () => useSavedSearchMutation((id: string) => api.delete(apiPaths.savedSearch(id)));

export const useRegenerateFeed = () =>
  useSavedSearchMutation((id: string) => api.post(apiPaths.savedSearchFeedToken(id), undefined, savedSearchViewSchema));
