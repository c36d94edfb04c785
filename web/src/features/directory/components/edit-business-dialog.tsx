import { useState, type FormEvent } from 'react';
import type { AdminListing } from '../../../../../core/domain/listing.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useUpdateBusiness } from '../api/change-businesses.js';
import { ImageUpload } from './image-upload.js';
import { ListingFields, listingToEdit } from './listing-fields.js';

function EditForm({ listing, onDone }: { listing: AdminListing; onDone: () => void }) {
  const [form, setForm] = useState(() => listingToEdit(listing));
  const [nameInvalid, setNameInvalid] = useState(false);
  const update = useUpdateBusiness();

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    // The server refuses a blank name too; asking it first would only cost a round trip.
    if (!form.name.trim()) {
      setNameInvalid(true);
      toastError('Error', 'Failed to update business');
      return;
    }
    update.mutate(
      { id: listing.id, edit: form },
      {
        onSuccess: () => {
          toastSuccess('Success', 'Business updated successfully');
          onDone();
        },
        onError: () => toastError('Error', 'Failed to update business'),
      },
    );
  }

  return (
    <form onSubmit={save} className="grid gap-5" noValidate>
      <ImageUpload
        businessId={listing.id}
        name={form.name}
        imageUrl={form.image_url}
        onUploaded={(url) => setForm((current) => ({ ...current, image_url: url }))}
      />
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
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Edit Business' (spec §2 screen 16, §7 fields): the listing's fields, tier and image. */
export function EditBusinessDialog({ listing, onClose }: { listing: AdminListing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {listing && (
          <>
            <DialogHeader>
              <DialogTitle>Edit Business</DialogTitle>
              <DialogDescription>{listing.name}</DialogDescription>
            </DialogHeader>
            {/* Keyed by listing so a second edit starts from that listing's values. */}
            <EditForm key={listing.id} listing={listing} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
