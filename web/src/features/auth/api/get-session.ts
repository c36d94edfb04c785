import { queryOptions } from '@/lib/query/use-query.js';
import { sessionSchema, type SessionAnswer } from '@domain/session.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

export const sessionQueryKey = ['session'] as const;

/** GET /api/auth/session; hands the CSRF token to the api client before anyone can use the answer. */
async function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  const session = await api.get(apiPaths.session(), sessionSchema, { signal });
  api.setCsrfToken(session.csrfToken);
  return session;
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    // The provider renews it on its own tick (spec §9); nothing else should refetch it behind its back.
    staleTime: Infinity,
  });
}
