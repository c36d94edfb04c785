import type { ReactNode } from 'react';
import Eye from 'lucide-react/icons/eye';
import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Phone from 'lucide-react/icons/phone';
import Trash2 from 'lucide-react/icons/trash';
import { normalizeWebsite } from '@domain/directory.js';
import type { AdminListing } from '@domain/listing.js';
import { Button } from '@/components/ui/button.js';
import { Card } from '@/components/ui/card.js';
import { ListingImage } from '@/components/directory/listing-card.js';
import { TierBadge } from '@/components/directory/tier-badge.js';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex min-w-0 items-start gap-2 text-sm text-ink">
      <span className="mt-0.5 text-ink-muted [&_svg]:size-4">{icon}</span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** Spec §2 screen 16: one listing on the admin grid, with preview, edit and (beyond the spec) remove. */
export function AdminListingCard({
  listing,
  onPreview,
  onEdit,
  onDelete,
}: {
  listing: AdminListing;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const website = normalizeWebsite(listing.website);
  const street = [listing.street_address, listing.postal_code].filter(Boolean).join(', ');
  return (
    <Card data-testid="admin-listing-card" className="flex h-full flex-col gap-3 p-4">
      <ListingImage listing={listing} className="h-32" />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-serif text-lg leading-snug font-semibold break-words text-ink">{listing.name}</h2>
          <p className="text-sm text-ink-muted">{listing.city ? `${listing.city.name}, ${listing.city.state}` : 'No city'}</p>
        </div>
        <span className="shrink-0">
          <TierBadge tier={listing.listing_tier} />
        </span>
      </div>
      {listing.description && <p className="line-clamp-3 text-sm text-ink">{listing.description}</p>}
      <div className="grid gap-1.5">
        {street && <Line icon={<MapPin aria-hidden="true" />}>{street}</Line>}
        {listing.telephone && <Line icon={<Phone aria-hidden="true" />}>{listing.telephone}</Line>}
        {listing.email && <Line icon={<Mail aria-hidden="true" />}>{listing.email}</Line>}
        {website && (
          <Line icon={<Globe aria-hidden="true" />}>
            <a href={website} target="_blank" rel="noopener noreferrer" className="text-accent-strong underline-offset-4 hover:underline">
              {website.replace(/^https?:\/\//, '')}
            </a>
          </Line>
        )}
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button variant="secondary" size="sm" onClick={onPreview} aria-label={`Preview ${listing.name}`}>
          <Eye aria-hidden="true" /> Preview
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${listing.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Remove ${listing.name}`} className="text-danger hover:text-danger-strong">
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
    </Card>
  );
}
