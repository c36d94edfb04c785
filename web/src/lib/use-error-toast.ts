import { useEffect } from 'react';
import { toastError } from './toast.js';

/**
 * Shows an error toast once each time a query fails (spec §8: load failures appear as toasts),
 * not on every render: `failedAt` is the query's `errorUpdatedAt`, which changes per failure.
 */
export function useErrorToast(failed: boolean, failedAt: number, title: string, description?: string): void {
  useEffect(() => {
    if (failed) toastError(title, description);
  }, [failed, failedAt, title, description]);
}
