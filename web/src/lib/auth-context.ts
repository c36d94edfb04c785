import { createContext, useContext } from 'react';
import type { SessionAnswer, SessionUser } from '@domain/session.js';

export interface AuthState {
  /** True until the first session answer (spec §4: loading starts true). */
  loading: boolean;
  /** The signed-in user, or null for a visitor (and while loading). */
  user: SessionUser | null;
  isAdmin: boolean;
  session: SessionAnswer | null;
  /** POST /api/auth/logout, then forgets everything that belonged to the user. Throws ApiError. */
  signOut: () => Promise<void>;
  /**
   * Forgets the user here after the server has already ended the session (the account was
   * deleted): no logout call, the rest as signOut.
   */
  forgetSession: () => Promise<void>;
  /** Asks the server again (after sign-in: the session id and CSRF token are new). */
  refreshSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export const AUTH_PROVIDER_MISSING = 'useAuth must be used within an AuthProvider';

/** Who is signed in (spec §4). Outside an AuthProvider it throws, as spec §8 says. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error(AUTH_PROVIDER_MISSING);
  return state;
}

/**
 * Query keys of data that belongs to the signed-in user start with this, so signing out can
 * drop all of it at once (`['me', 'profile']`).
 */
export const USER_QUERY_SCOPE = 'me';
