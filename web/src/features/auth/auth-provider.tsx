import { useQueryClient } from '@/lib/query/provider.js';
import { useQuery } from '@/lib/query/use-query.js';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { SESSION_TICK_MS, sessionExpiryMs, sessionNeedsRefresh } from '@domain/session.js';
import { api } from '@/lib/api-client.js';
import { getSessionQueryOptions, sessionQueryKey } from './api/get-session.js';
import { logout } from './api/logout.js';
import { AuthContext, USER_QUERY_SCOPE, type AuthState } from '@/lib/auth-context.js';

/** Renews the session on spec §9's tick when it is about to expire. */
function useSessionRenewal(expiresAt: number | null, renew: () => void) {
  useEffect(() => {
    if (expiresAt === null) return undefined;
    const timer = setInterval(() => {
      if (sessionNeedsRefresh(expiresAt, Date.now())) renew();
    }, SESSION_TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt, renew]);
}

/**
 * The API answers an admin with the cities being set up too (core/domain/city-visibility.ts):
 * when the reader becomes or stops being an admin, every answer read as the other one is stale.
 */
function useAudienceChange(isAdmin: boolean, known: boolean) {
  const queryClient = useQueryClient();
  const last = useRef<boolean | null>(null);
  useEffect(() => {
    if (!known) return;
    if (last.current !== null && last.current !== isAdmin) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    }
    last.current = isAdmin;
  }, [isAdmin, known, queryClient]);
}

/** Holds the session for the whole app: who is signed in, whether an admin, the CSRF token. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, refetch } = useQuery(getSessionQueryOptions());

  const refreshSession = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const forgetSession = useCallback(async () => {
    api.setCsrfToken(null);
    queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
    // The old session is gone; the next answer is a visitor's, with a fresh CSRF token.
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await logout();
    await forgetSession();
  }, [forgetSession]);

  const renew = useCallback(() => void refetch(), [refetch]);
  useSessionRenewal(sessionExpiryMs(data?.expires_at), renew);
  useAudienceChange(Boolean(data?.user && data.isAdmin), !isPending);

  const value = useMemo<AuthState>(
    () => ({
      loading: isPending,
      user: data?.user ?? null,
      isAdmin: Boolean(data?.user && data.isAdmin),
      session: data ?? null,
      signOut,
      forgetSession,
      refreshSession,
    }),
    [data, isPending, signOut, forgetSession, refreshSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
