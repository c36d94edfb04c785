import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

export const fieldClasses =
  'w-full rounded-md border border-line-strong bg-white px-3 text-base text-ink placeholder:text-ink-faint ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
