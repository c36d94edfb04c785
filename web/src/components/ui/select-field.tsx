import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Label } from './label.js';
import { fieldClasses } from './input.js';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select among fixed choices, on the browser's own <select>: a phone opens its
 * native picker, the keyboard and screen readers get what they know, and no script is needed
 * to draw the list. Radix's select (ui/select.tsx) weighs ~30 kB gzipped with what it stands
 * on, more than a third of the directory page's budget (issue 25). It looks like our inputs and
 * that select's trigger (select-face.ts), its own arrow replaced by the same chevron. With
 * `none`, a first choice set apart by a line stands for no choice: the value '' shows it, and
 * choosing it gives ''.
 */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  none,
  disabled,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly (string | SelectOption)[];
  none?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none truncate pr-9')}
        >
          {none !== undefined && (
            <>
              <option value="">{none}</option>
              <hr />
            </>
          )}
          {options.map((option) => {
            const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={optionValue} value={optionValue}>
                {optionLabel}
              </option>
            );
          })}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted" />
      </div>
    </div>
  );
}
