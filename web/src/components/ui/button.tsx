import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

const VARIANTS = {
  primary: 'bg-accent text-white hover:bg-accent-strong shadow-sm',
  secondary: 'border border-line bg-white text-ink hover:bg-paper-muted',
  ghost: 'text-ink hover:bg-paper-muted',
  destructive: 'bg-danger text-white hover:bg-danger-strong shadow-sm',
  link: 'text-accent underline-offset-4 hover:underline px-0',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    variant !== 'link' && SIZES[size],
    className,
  );
}

/**
 * A <button>. A link that should look like one takes `buttonClasses` instead: no `asChild` slot,
 * whose Radix code (~1.5 kB gzipped) every page would otherwise load (issue 25).
 */
export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  // type="button" unless said otherwise: a button inside a form must not submit it by accident.
  return <button type={type ?? 'button'} className={buttonClasses(variant, size, className)} {...props} />;
}
