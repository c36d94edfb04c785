import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';

/** The labelled address field of the sign-in and "forgot your password?" forms. */
export function EmailField({ id, ...props }: ComponentProps<'input'> & { id: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Email</Label>
      <Input id={id} type="email" autoComplete="email" required maxLength={254} placeholder="you@example.com" {...props} />
    </div>
  );
}
