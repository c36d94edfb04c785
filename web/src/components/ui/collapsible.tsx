import ChevronDown from 'lucide-react/icons/chevron-down';
import { Collapsible as CollapsiblePrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

/** A section that opens and closes (the trigger carries aria-expanded and aria-controls). */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleContent = CollapsiblePrimitive.Content;

export function CollapsibleTrigger({ className, children, ...props }: ComponentProps<typeof CollapsiblePrimitive.Trigger>) {
  return (
    <CollapsiblePrimitive.Trigger
      className={cn('group flex w-full items-center justify-between gap-3 text-left font-medium text-ink', className)}
      {...props}
    >
      {children}
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted transition-transform group-data-[state=open]:rotate-180" />
    </CollapsiblePrimitive.Trigger>
  );
}
