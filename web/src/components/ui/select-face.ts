import { cn } from '../../lib/cn.js';

/** The closed look every select shares: a field's box, its text, disabled and invalid states. */
const FACE =
  'h-10 w-full rounded-md border border-line-strong bg-white px-3 text-left text-base text-ink ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

/**
 * How a Radix select's closed trigger looks, apart from Radix (select.tsx) so that a page can
 * draw the same trigger before it has loaded the select's code (features/home/components/city-picker.tsx).
 */
export function selectTriggerClasses(className?: string): string {
  return cn('flex items-center justify-between gap-2', FACE, 'data-[placeholder]:text-ink-faint', className);
}

/**
 * The same look on the browser's own <select> (select-field.tsx): its arrow hidden, room kept
 * on the right for the chevron drawn over it, as on the Radix trigger.
 */
export function nativeSelectClasses(className?: string): string {
  return cn(FACE, 'cursor-pointer appearance-none truncate pr-9', className);
}
