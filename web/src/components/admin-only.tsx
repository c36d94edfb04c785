import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-context.js';
import { NOT_ADMIN_MESSAGE } from '@domain/messages.js';

/**
 * Spec §6: an admin screen shows 'Loading...' while the admin check runs and the refusal to
 * anyone else. The server refuses their requests too; this only spares them a broken screen.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { loading, isAdmin } = useAuth();
  if (loading) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-20 text-center text-ink-muted">
        Loading...
      </p>
    );
  }
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
        <h1 className="font-serif text-3xl font-bold text-ink">Access Denied</h1>
        <p className="mt-3 text-ink-muted">{NOT_ADMIN_MESSAGE}</p>
      </div>
    );
  }
  return children;
}
