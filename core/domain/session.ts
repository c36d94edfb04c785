import { z } from 'zod/mini';

/**
 * `GET /api/auth/session` (api.md): who is signed in, whether they are an admin, the CSRF
 * token for state-changing requests and, when signed in, when the session ends unless renewed.
 * Shared by the server (what it sends) and the web app (what it reads). Written with zod/mini:
 * the web parses every page's first answer with it, and the classic API's methods cannot be
 * tree-shaken, which would add ~24 kB gzipped to the home page (issue 10's 150 kB budget).
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_confirmed_at: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `isAdmin` and `csrfToken` are api.md's own names; the field added since follows its snake_case (docs/http-api-additions.md). */
export const sessionSchema = z.object({
  user: z.nullable(sessionUserSchema),
  isAdmin: z.boolean(),
  csrfToken: z.string().check(z.minLength(1)),
  /** An ISO timestamp (or epoch milliseconds); absent for visitors. */
  expires_at: z.nullish(z.union([z.string(), z.number()])),
});
export type SessionAnswer = z.infer<typeof sessionSchema>;

/** Milliseconds since the epoch of `expires_at`, or null when absent or unreadable. */
export function sessionExpiryMs(expiresAt: SessionAnswer['expires_at']): number | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const ms = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Spec §9: the session is checked on a 30 s tick and renewed when 3 ticks or fewer remain
 * before it expires.
 */
export const SESSION_TICK_MS = 30_000;
const SESSION_REFRESH_TICKS = 3;

export function sessionNeedsRefresh(expiresAtMs: number | null, nowMs: number): boolean {
  if (expiresAtMs === null) return false;
  return expiresAtMs - nowMs <= SESSION_TICK_MS * SESSION_REFRESH_TICKS;
}
