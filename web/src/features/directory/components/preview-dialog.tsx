import type { Listing } from '@domain/listing.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { ListingCard } from '@/components/directory/listing-card.js';

/** 'Preview: name' (spec §2 screen 16): the listing as the public card of its tier draws it. */
export function PreviewDialog({
  listing,
  categoryPath,
  detailHref,
  onClose,
}: {
  listing: Listing | null;
  categoryPath: string | null;
  detailHref: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {listing && (
          <>
            <DialogHeader>
              <DialogTitle>Preview: {listing.name}</DialogTitle>
              <DialogDescription>How visitors see this listing in the directory.</DialogDescription>
            </DialogHeader>
            <ListingCard listing={listing} categoryPath={categoryPath} detailHref={detailHref} headingLevel="h3" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
