import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Label } from '../ui/label.js';
import type { FieldState } from './use-schema-form.js';

/** What a control needs to be the field's: its label's target, its error state, and focus on a failed submit. */
export interface FieldControl {
  id: string;
  name: string;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrame {
  label: ReactNode;
  required?: boolean | undefined;
  /** A line under the control that says what to enter (described by it, like the error). */
  hint?: ReactNode | undefined;
  /** For a label only screen readers need (a search box beside its button). */
  labelClassName?: string | undefined;
  /** For the field's box (label, control, hint and error); a text field's own `className` styles its control. */
  frameClassName?: string | undefined;
}

/**
 * A labelled field with its error under it, for any control: the text fields below, or one a
 * form draws itself (a Radix select, the city picker) from the `control` props it is handed.
 * The error is an alert, as the site's other form messages are: a server's refusal arrives
 * after the submit, and is read out without the reader moving.
 */
export function FormField<T>({ field, label, required, hint, labelClassName, frameClassName, children }: FieldFrame & { field: FieldState<T>; children: (control: FieldControl) => ReactNode }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.error ? field.errorId : undefined].filter(Boolean).join(' ');
  const control: FieldControl = {
    id: field.id,
    name: field.name,
    ref: field.ref,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={cn('grid gap-2', frameClassName)}>
      <Label htmlFor={field.id} required={required} className={labelClassName}>
        {label}
      </Label>
      {children(control)}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {field.error && (
        <p id={field.errorId} role="alert" className="text-sm text-danger">
          {field.error}
        </p>
      )}
    </div>
  );
}
