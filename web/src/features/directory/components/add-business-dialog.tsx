import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from '../../../components/ui/select.js';
import { isApiError } from '../../../lib/api-client.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useCities } from '../../../lib/api/get-cities.js';
import { useCreateBusiness } from '../api/change-businesses.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { EMPTY_LISTING, ListingFields } from './listing-fields.js';

const NONE = '__none__';

function AddForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState(EMPTY_LISTING);
  const [cityId, setCityId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [nameInvalid, setNameInvalid] = useState(false);
  const cities = useCities();
  const categories = useBusinessCategories();
  const create = useCreateBusiness();

  function save(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!form.name.trim()) {
      setNameInvalid(true);
      toastError('Error', 'Business name is required');
      return;
    }
    create.mutate(
      { ...form, city_id: cityId, business_category: categoryId },
      {
        onSuccess: (listing) => {
          toastSuccess('Success', `${listing.name} added to the directory`);
          onDone();
        },
        // The server's words say which field it refused (a taken key, a bad email...).
        onError: (error) => toastError('Error', isApiError(error) ? error.message : 'Failed to add business'),
      },
    );
  }

  return (
    <form onSubmit={save} className="grid gap-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-city`}>City</Label>
          <Select value={cityId || NONE} onValueChange={(value) => setCityId(value === NONE ? '' : value)}>
            <SelectTrigger id={`${id}-city`} />
            <SelectContent>
              <SelectItem value={NONE}>No city</SelectItem>
              <SelectSeparator />
              {cities.data?.map((city) => (
                <SelectItem key={city.id} value={city.id}>
                  {city.name}, {city.state}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select value={categoryId || NONE} onValueChange={(value) => setCategoryId(value === NONE ? '' : value)}>
            <SelectTrigger id={`${id}-category`} />
            <SelectContent>
              <SelectItem value={NONE}>No category</SelectItem>
              <SelectSeparator />
              {categories.data?.map((category) => (
                <SelectItem key={category.id} value={category.id}>
                  {category.parent_category} › {category.sub_category}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <ListingFields
        value={form}
        nameInvalid={nameInvalid}
        onChange={(next) => {
          setForm(next);
          if (next.name.trim()) setNameInvalid(false);
        }}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Business'}
        </Button>
      </DialogFooter>
    </form>
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
