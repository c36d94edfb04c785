import { queryOptions, useQuery } from '../query/use-query.js';
import { profileSchema, type Profile } from '@domain/profile.js';
import { api } from '../api-client.js';
import { apiPaths } from '../paths.js';
import { USER_QUERY_SCOPE } from '../auth-context.js';

/** GET /api/profile: the signed-in member's profile (401 for visitors). */
function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get(apiPaths.profile(), profileSchema, { signal });
}

/** Under the user scope, so signing out forgets it. */
export function getProfileQueryOptions() {
  return queryOptions({ queryKey: [USER_QUERY_SCOPE, 'profile'], queryFn: ({ signal }) => getProfile(signal) });
}

/** Asks only when someone is signed in (`enabled`), so visitors never cause a 401. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(), enabled });
}
