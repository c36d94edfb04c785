import type { AdminListing } from '@domain/listing.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useUpdateBusiness, type ListingEdit } from '../api/change-businesses.js';
import { ImageUpload } from './image-upload.js';
import { listingToEdit } from './listing-fields.js';
import { ListingForm } from './listing-form.js';

function EditForm({ listing, onDone }: { listing: AdminListing; onDone: () => void }) {
  const update = useUpdateBusiness();

  async function save(form: ListingEdit) {
    await update.mutateAsync({ id: listing.id, edit: form });
    toastSuccess('Success', 'Business updated successfully');
    onDone();
  }

  return (
    <ListingForm
      initial={() => listingToEdit(listing)}
      top={(form, setValue) => (
        <ImageUpload
          businessId={listing.id}
          name={form.name}
          imageUrl={form.image_url}
          onUploaded={(url) => setValue('image_url', url)}
        />
      )}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      blankNameMessage="Failed to update business"
      onSubmit={save}
      onFailure={() => toastError('Error', 'Failed to update business')}
      onCancel={onDone}
    />
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
