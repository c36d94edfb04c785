type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** For components/ui/toaster.tsx: mount sonner's toaster once the first toast is asked for. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastsRequested = (): boolean => sonner !== null;

/** sonner is loaded on the first toast rather than with the page (see components/ui/toaster.tsx). */
function show(raise: (toast: Sonner['toast']) => void): void {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  sonner.then(
    ({ toast }) => raise(toast),
    // The chunk could not be fetched (offline, or a deploy replaced it): the page goes on without toasts.
    (error: unknown) => console.error('Could not load the toaster', error),
  );
}

/**
 * Toasts of spec §8: a title and an optional description. Errors use the destructive style
 * (see components/ui/sonner-toaster.tsx). Only one is visible at a time, so a new toast
 * replaces the one before.
 */
export function toastSuccess(title: string, description?: string): void {
  show((toast) => toast.success(title, description ? { description } : undefined));
}

export function toastError(title: string, description?: string): void {
  show((toast) => toast.error(title, description ? { description } : undefined));
}
