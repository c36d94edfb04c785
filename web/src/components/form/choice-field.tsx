import ChevronDown from 'lucide-react/icons/chevron-down';
import { cn } from '@/lib/cn.js';
import { fieldClasses } from '../ui/input.js';
import type { SelectOption } from '../ui/select-field.js';
import { FormField, type FieldFrame } from './form-field.js';
import type { FieldState } from './use-schema-form.js';

/**
 * A labelled choice of a schema form on the browser's own <select> (ui/select-field.tsx says
 * why not Radix's), its error under it. With `none`, the value '' stands for no choice (so ''
 * must be one of the field's values). The browser gives back one of the options' values, hence `T`.
 */
export function ChoiceField<T extends string>({
  field,
  options,
  none,
  disabled,
  ...frame
}: FieldFrame & { field: FieldState<T>; options: readonly (T | (SelectOption & { value: T }))[]; none?: string; disabled?: boolean }) {
  return (
    <FormField field={field} {...frame}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            aria-required={frame.required || undefined}
            value={field.value}
            onChange={(event) => field.setValue(event.target.value as T)}
            disabled={disabled}
            className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none truncate pr-9')}
          >
            {none !== undefined && <option value="">{none}</option>}
            {options.map((option) => {
              const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
              return (
                <option key={value} value={value}>
                  {label}
                </option>
              );
            })}
          </select>
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted" />
        </div>
      )}
    </FormField>
  );
}
