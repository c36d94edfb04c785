import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { subscribeToToasts, toastsRequested } from '@/lib/toast.js';

const SonnerToaster = lazy<ComponentType>(() =>
  import('./sonner-toaster.js').then(
    (module) => ({ default: module.SonnerToaster }),
    // Without its chunk (offline, or a deploy replaced it) the page goes on without toasts
    // rather than failing whole; lib/toast.ts logs why.
    () => ({ default: () => null }),
  ),
);

/**
 * Most visits never show a toast, so sonner (~9 kB gzipped) is not part of the page's start-up
 * code: the toaster mounts once lib/toast.ts is first asked for a toast, and sonner then shows
 * the toasts raised before it subscribed.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeToToasts, toastsRequested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
