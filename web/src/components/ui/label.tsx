import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

/**
 * A field's label; `required` adds a marked asterisk that screen readers skip (the input says
 * required). A plain <label>: Radix's adds only a guard against double-click text selection,
 * for ~1 kB gzipped on every page with a form field (issue 25).
 */
export function Label({ className, children, required, ...props }: ComponentProps<'label'> & { required?: boolean }) {
  return (
    <label className={cn('text-sm font-medium text-ink', className)} {...props}>
      {children}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </label>
  );
}
