import { cn } from '@/lib/cn.js';

/** A spinning ring with a text for screen readers ("Loading..." unless told otherwise). */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-ink-muted', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole-section loading state, centred. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} className="[&>span:first-child]:size-8" />
    </div>
  );
}
