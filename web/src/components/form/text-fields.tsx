import type { ComponentProps } from 'react';
import { Input } from '../ui/input.js';
import { Textarea } from '../ui/textarea.js';
import { FormField, type FieldFrame } from './form-field.js';
import type { FieldState } from './use-schema-form.js';

type Passed<P> = Omit<P, 'id' | 'name' | 'value' | 'onChange' | 'ref' | 'required'>;

/** A labelled text input of a schema form, its error under it. */
export function TextField({ field, label, required, hint, labelClassName, frameClassName, ...props }: FieldFrame & { field: FieldState<string> } & Passed<ComponentProps<'input'>>) {
  return (
    <FormField field={field} label={label} required={required} hint={hint} labelClassName={labelClassName} frameClassName={frameClassName}>
      {(control) => <Input {...props} {...control} aria-required={required || undefined} value={field.value} onChange={(event) => field.setValue(event.target.value)} />}
    </FormField>
  );
}

/** A labelled textarea of a schema form, its error under it. */
export function TextAreaField({ field, label, required, hint, labelClassName, frameClassName, ...props }: FieldFrame & { field: FieldState<string> } & Passed<ComponentProps<'textarea'>>) {
  return (
    <FormField field={field} label={label} required={required} hint={hint} labelClassName={labelClassName} frameClassName={frameClassName}>
      {(control) => <Textarea {...props} {...control} aria-required={required || undefined} value={field.value} onChange={(event) => field.setValue(event.target.value)} />}
    </FormField>
  );
}
