import type { ReactNode } from 'react';
import { Label } from './label.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from './select.js';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

// Radix refuses an item whose value is '', so "none" stands apart under its own value.
const NONE = '__none__';

/**
 * A labelled select. With `none`, its first choice (set apart by a line) stands for no choice:
 * the value '' shows it, and choosing it gives ''.
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
  const choose = none === undefined ? onChange : (chosen: string) => onChange(chosen === NONE ? '' : chosen);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={none !== undefined && !value ? NONE : value} onValueChange={choose} disabled={disabled}>
        <SelectTrigger id={id} />
        <SelectContent>
          {none !== undefined && (
            <>
              <SelectItem value={NONE}>{none}</SelectItem>
              <SelectSeparator />
            </>
          )}
          {options.map((option) => {
            const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <SelectItem key={optionValue} value={optionValue}>
                {optionLabel}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}
