import { useState, type FormEvent } from 'react';
import type { AdminCity } from '../../../../../core/domain/admin.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useCreateCity } from '../api/admin-cities.js';
import { CityFields } from './city-fields.js';
import { checkNewCity, EMPTY_CITY } from './city-rules.js';
import { NAME_AND_COUNTY_REQUIRED } from '../../../../../core/domain/messages.js';

/** 'Create New City' (spec §2 screen 14, §5): the new city is selected once created. */
export function CreateCityDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (city: AdminCity) => void }) {
  const [form, setForm] = useState(EMPTY_CITY);
  const create = useCreateCity();
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkNewCity(form);
    if (problem) return toastError(problem.title, problem.description);
    create.mutate(form, {
      onSuccess: (city) => {
        toastSuccess('City created successfully');
        setForm(EMPTY_CITY);
        onCreated(city);
      },
      onError: (error) => toastError('Error creating city', error.message),
    });
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Create New City</DialogTitle>
            <DialogDescription>{NAME_AND_COUNTY_REQUIRED}; the state is CA unless you change it.</DialogDescription>
          </DialogHeader>
          <div className="my-4">
            <CityFields idPrefix="new-city" form={form} onChange={setForm} />
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create City'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
