import { useState, type ReactNode } from 'react';
import { listingFormSchema } from '@domain/listing-form.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { DialogFooter } from '@/components/ui/dialog.js';
import { toastError } from '@/lib/toast.js';
import type { ListingEdit } from '../api/change-businesses.js';
import { ListingFields } from './listing-fields.js';

/**
 * The listing form of the add and edit dialogs: what comes first (`top`: the add dialog's city
 * and category, the edit dialog's image), the spec §7 fields, then Cancel and the submit button.
 * The fields are checked by core/domain's listing schema (a blank name is refused here, with
 * `blankNameMessage` in the toast as well as the schema's words under the field); a server
 * refusal that names a field shows under it, any other goes to `onFailure`.
 */
export function ListingForm({
  initial,
  top,
  submitLabel,
  pendingLabel,
  blankNameMessage,
  onSubmit,
  onFailure,
  onCancel,
}: {
  initial: ListingEdit | (() => ListingEdit);
  top: (values: ListingEdit, setValue: <K extends keyof ListingEdit>(name: K, value: ListingEdit[K]) => void) => ReactNode;
  submitLabel: string;
  pendingLabel: string;
  blankNameMessage: string;
  onSubmit: (form: ListingEdit) => Promise<void>;
  onFailure: (error: unknown) => void;
  onCancel: () => void;
}) {
  const [start] = useState(initial);
  const form = useSchemaForm(listingFormSchema, start);
  const save = form.handleSubmit((_body, values) => onSubmit(values), {
    onInvalid: () => toastError('Error', blankNameMessage),
    onError: onFailure,
  });

  return (
    <form onSubmit={save} className="grid gap-5" noValidate>
      {top(form.values, form.setValue)}
      <ListingFields field={form.field} />
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
