import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { SelectField } from '@/components/ui/select-field.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useCities } from '@/lib/api/get-cities.js';
import { useCreateBusiness, type ListingEdit } from '../api/change-businesses.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { EMPTY_LISTING } from './listing-fields.js';
import { ListingForm } from './listing-form.js';

function AddForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [cityId, setCityId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const cities = useCities();
  const categories = useBusinessCategories();
  const create = useCreateBusiness();

  async function add(form: ListingEdit) {
    const listing = await create.mutateAsync({ ...form, city_id: cityId, business_category: categoryId });
    toastSuccess('Success', `${listing.name} added to the directory`);
    onDone();
  }

  return (
    <ListingForm
      initial={EMPTY_LISTING}
      top={() => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${id}-city`}
            label="City"
            none="No city"
            value={cityId}
            onChange={setCityId}
            options={cities.data?.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` })) ?? []}
          />
          <SelectField
            id={`${id}-category`}
            label="Category"
            none="No category"
            value={categoryId}
            onChange={setCategoryId}
            options={categories.data?.map((category) => ({ value: category.id, label: `${category.parent_category} › ${category.sub_category}` })) ?? []}
          />
        </div>
      )}
      submitLabel="Add Business"
      pendingLabel="Adding..."
      blankNameMessage="Business name is required"
      onSubmit={add}
      // The server's words say which field it refused (a taken key...); one it names shows under the field.
      onFailure={(error) => toastError('Error', isApiError(error) ? error.message : 'Failed to add business')}
      onCancel={onDone}
    />
  );
}

/** Beyond the spec: staff add a listing (an image can be added by editing it afterwards). */
export function AddBusinessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Business</DialogTitle>
          <DialogDescription>A new listing in the directory. Add its image by editing it once it is saved.</DialogDescription>
        </DialogHeader>
        {open && <AddForm onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
