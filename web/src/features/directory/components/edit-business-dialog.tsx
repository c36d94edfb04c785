import type { AdminListing } from '../../../../../core/domain/listing.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useUpdateBusiness, type ListingEdit } from '../api/change-businesses.js';
import { ImageUpload } from './image-upload.js';
import { listingToEdit } from './listing-fields.js';
import { ListingForm } from './listing-form.js';

function EditForm({ listing, onDone }: { listing: AdminListing; onDone: () => void }) {
  const update = useUpdateBusiness();

  function save(form: ListingEdit) {
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
    <ListingForm
      initial={() => listingToEdit(listing)}
      top={(form, setForm) => (
        <ImageUpload
          businessId={listing.id}
          name={form.name}
          imageUrl={form.image_url}
          onUploaded={(url) => setForm((current) => ({ ...current, image_url: url }))}
        />
      )}
      pending={update.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      blankNameMessage="Failed to update business"
      onSubmit={save}
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
