import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { profileSchema, type Profile } from '@domain/profile.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { getProfileQueryOptions } from '@/lib/api/get-profile.js';

/** PATCH /api/profile {home_city_key}: the updated profile (400 for a city that does not exist). */
function updateHomeCity(homeCityKey: string): Promise<Profile> {
  return api.patch(apiPaths.profile(), { home_city_key: homeCityKey }, profileSchema);
}

/** Puts the server's answer in the cache, so the home page's redirect uses the new city at once. */
export function useUpdateHomeCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHomeCity,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions().queryKey, profile),
  });
}
