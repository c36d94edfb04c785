import type { ComponentProps } from 'react';
import { TextField } from '@/components/form/text-fields.js';
import type { FieldState } from '@/components/form/use-schema-form.js';

/** The labelled address field of the sign-in and "forgot your password?" forms, its error under it. */
export function EmailField({ field, autoFocus }: { field: FieldState<string>; autoFocus?: ComponentProps<'input'>['autoFocus'] }) {
  return <TextField field={field} label="Email" type="email" autoComplete="email" maxLength={254} placeholder="you@example.com" autoFocus={autoFocus} />;
}
