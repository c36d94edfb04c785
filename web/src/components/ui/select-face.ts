import { cn } from '@/lib/cn.js';

/**
 * How a select's closed trigger looks, apart from Radix (select.tsx) so that a page can draw the
 * same trigger before it has loaded the select's code (features/home/components/city-picker.tsx).
 */
export function selectTriggerClasses(className?: string): string {
  return cn(
    'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-line-strong bg-white px-3 text-left text-base text-ink',
    'disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-ink-faint aria-invalid:border-danger',
    className,
  );
}
