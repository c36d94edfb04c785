import type { AdminCity } from '@domain/admin.js';
import { cityFormSchema } from '@domain/city-form.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useCreateCity } from '../api/admin-cities.js';
import { CityFields } from './city-fields.js';
import { EMPTY_CITY } from './city-rules.js';
import { CITY_FIELDS_REQUIRED_TITLE, NAME_AND_COUNTY_REQUIRED } from '@domain/messages.js';

/** 'Create New City' (spec §2 screen 14, §5): the new city is selected once created. */
export function CreateCityDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (city: AdminCity) => void }) {
  const form = useSchemaForm(cityFormSchema, EMPTY_CITY);
  const create = useCreateCity();
  const submit = form.handleSubmit(
    async (_body, values) => {
      const city = await create.mutateAsync(values);
      toastSuccess('City created successfully');
      form.reset();
      onCreated(city);
    },
    {
      // Spec §5's toast as well as the words under the fields.
      onInvalid: () => toastError(CITY_FIELDS_REQUIRED_TITLE, NAME_AND_COUNTY_REQUIRED),
      onError: (error) => toastError('Error creating city', error instanceof Error ? error.message : String(error)),
    },
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Create New City</DialogTitle>
            <DialogDescription>{NAME_AND_COUNTY_REQUIRED}; the state is CA unless you change it.</DialogDescription>
          </DialogHeader>
          <div className="my-4">
            <CityFields field={form.field} values={form.values} />
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Creating...' : 'Create City'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
