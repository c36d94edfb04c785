import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button.js';
import { Tooltip } from '@/components/ui/tooltip.js';
import { cn } from '@/lib/cn.js';

export const COMING_SOON = 'Coming soon: sign-ups are not open yet.';

/**
 * The pricing buttons do nothing (spec §2 screen 18). Said honestly: they look disabled, say
 * so to screen readers (aria-disabled keeps them focusable, so the tooltip shows on focus too)
 * and explain on hover or focus.
 */
export function ComingSoonButton({ children, variant = 'primary', className }: { children: ReactNode; variant?: ButtonVariant; className?: string }) {
  return (
    <Tooltip content={COMING_SOON}>
      <button type="button" aria-disabled="true" className={cn(buttonClasses(variant, 'lg', 'w-full cursor-not-allowed opacity-60'), className)}>
        {children}
      </button>
    </Tooltip>
  );
}
