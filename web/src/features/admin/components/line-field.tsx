import type { ComponentProps } from 'react';
import { fieldClasses } from '@/components/ui/input.js';
import { cn } from '@/lib/cn.js';

/**
 * A one-line value that may be long (a headline, a quick fact): it wraps and grows as a
 * textarea would, so a phone shows all of it, yet holds no line breaks, as an input would.
 * Where field-sizing is not supported it stays one row tall and scrolls.
 */
export function LineField({ value, onChange, className, ...props }: Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <textarea
      rows={1}
      className={cn(fieldClasses, 'block min-h-10 resize-none py-2 leading-snug [field-sizing:content]', className)}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, ' '))}
      {...props}
    />
  );
}
