import type { PublicUser } from '../../core/index.js';

/** The user as api.md shows it, field by field (never more than these three). */
export function presentUser(user: PublicUser): { id: string; email: string; email_confirmed_at: string | null } {
  const confirmed = user.email_confirmed_at;
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: confirmed ? new Date(confirmed).toISOString() : null,
  };
}
