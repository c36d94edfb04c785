import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';
import { fieldClasses } from './input.js';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-32 py-2 leading-relaxed', className)} {...props} />;
}
