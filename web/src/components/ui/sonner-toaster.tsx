import { Toaster as Sonner } from 'sonner';

/**
 * Where toasts appear (lib/toast.ts shows them). Spec §9: one visible at a time; errors in the
 * destructive style (spec §8). Loaded with sonner on the first toast (see ./toaster.tsx).
 */
export function SonnerToaster() {
  return (
    <Sonner
      visibleToasts={1}
      position="top-center"
      closeButton
      toastOptions={{
        unstyled: true,
        classNames: {
          toast:
            'flex w-[min(100vw-2rem,24rem)] items-start gap-3 rounded-lg border border-line bg-white p-4 text-ink shadow-lg',
          title: 'font-semibold',
          description: 'mt-0.5 text-sm opacity-90',
          icon: 'mt-0.5',
          success: '[&_[data-icon]]:text-emerald-700',
          error: 'border-danger-strong! bg-danger! text-white!',
          closeButton: 'order-last ml-auto rounded-sm p-0.5 text-current opacity-80 hover:opacity-100',
        },
      }}
    />
  );
}
