import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn.js';

/** Spec §9: tooltips open after 700 ms; moving to a neighbour within 300 ms opens it at once. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

const InProvider = createContext(false);

/**
 * The spec's timing for the tooltips inside. Not mounted app-wide: Radix's tooltip code would
 * then load with every page (issue 10's start-up budget). Wrap a group of neighbouring tooltips
 * (a toolbar, a page) in one so the skip delay applies between them; a lone `Tooltip` brings
 * its own. TooltipRoot needs one around it.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InProvider.Provider value={true}>{children}</InProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

const TooltipRoot = TooltipPrimitive.Root;
const TooltipTrigger = TooltipPrimitive.Trigger;

function TooltipContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 max-w-xs rounded-md bg-ink px-3 py-1.5 text-sm text-white shadow-md', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/** The common case: a tooltip over one focusable element (shown on hover and on keyboard focus). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const inProvider = useContext(InProvider);
  const tooltip = (
    <TooltipRoot>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{content}</TooltipContent>
    </TooltipRoot>
  );
  return inProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
