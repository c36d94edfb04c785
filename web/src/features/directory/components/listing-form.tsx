import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DialogFooter } from '../../../components/ui/dialog.js';
import { toastError } from '../../../lib/toast.js';
import type { ListingEdit } from '../api/change-businesses.js';
import { ListingFields } from './listing-fields.js';

/**
 * The listing form of the add and edit dialogs: what comes first (`top`: the add dialog's city
 * and category, the edit dialog's image), the spec §7 fields, then Cancel and the submit button.
 * A blank name is refused here with `blankNameMessage`; the server refuses it too, asking it
 * first would only cost a round trip.
 */
export function ListingForm({
  initial,
  top,
  pending,
  submitLabel,
  pendingLabel,
  blankNameMessage,
  onSubmit,
  onCancel,
}: {
  initial: ListingEdit | (() => ListingEdit);
  top: (form: ListingEdit, setForm: Dispatch<SetStateAction<ListingEdit>>) => ReactNode;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  blankNameMessage: string;
  onSubmit: (form: ListingEdit) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [nameInvalid, setNameInvalid] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!form.name.trim()) {
      setNameInvalid(true);
      toastError('Error', blankNameMessage);
      return;
    }
    onSubmit(form);
  }

  return (
    <form onSubmit={save} className="grid gap-5" noValidate>
      {top(form, setForm)}
      <ListingFields
        value={form}
        nameInvalid={nameInvalid}
        onChange={(next) => {
          setForm(next);
          if (next.name.trim()) setNameInvalid(false);
        }}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
