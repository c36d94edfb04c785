import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/** A field's label; `required` adds a marked asterisk that screen readers skip (the input says required). */
export function Label({ className, children, required, ...props }: ComponentProps<typeof LabelPrimitive.Root> & { required?: boolean }) {
  return (
    <LabelPrimitive.Root className={cn('text-sm font-medium text-ink', className)} {...props}>
      {children}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </LabelPrimitive.Root>
  );
}
