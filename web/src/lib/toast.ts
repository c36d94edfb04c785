import { toast } from 'sonner';

/**
 * Toasts of spec §8: a title and an optional description. Errors use the destructive style
 * (see components/ui/toaster.tsx). Only one is visible at a time, so a new toast replaces
 * the one before.
 */
export function toastSuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}

export function toastError(title: string, description?: string): void {
  toast.error(title, description ? { description } : undefined);
}

export function toastInfo(title: string, description?: string): void {
  toast(title, description ? { description } : undefined);
}
