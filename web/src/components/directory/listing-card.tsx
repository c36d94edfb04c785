import MapPin from 'lucide-react/icons/map-pin';
import Store from 'lucide-react/icons/store';
import { memo } from 'react';
import { Link } from '@/lib/router/index.js';
import { listingAddress, mapLinkUrl } from '@domain/map-links.js';
import type { Listing } from '@domain/listing.js';
import { buttonClasses } from '../ui/button.js';
import { Card } from '../ui/card.js';
import { cn } from '@/lib/cn.js';
import { ContactLinks } from './contact-links.js';
import { TierBadge, tierOf } from './tier-badge.js';

export interface ListingCardProps {
  listing: Listing;
  categoryPath: string | null;
  /** The detail page (Premium's 'View Full Details'); null where there is none to go to (a preview). */
  detailHref: string | null;
  /** The heading level that fits the page outline. */
  headingLevel?: 'h2' | 'h3';
}

/** The listing image, or a quiet placeholder so Premium cards keep their shape without one. */
export function ListingImage({ listing, className }: { listing: Pick<Listing, 'name' | 'image_url'>; className?: string }) {
  if (listing.image_url) {
    return <img src={listing.image_url} alt={listing.name} loading="lazy" className={cn('w-full rounded-md object-cover', className)} />;
  }
  return (
    <div className={cn('flex w-full items-center justify-center rounded-md bg-paper-muted text-ink-faint', className)}>
      <Store aria-hidden="true" className="size-10" />
    </div>
  );
}

/**
 * A directory card as its tier allows (spec §4): Basic shows the name, category path and
 * badge; Standard adds the description, the address with a map link and the call, email and
 * visit buttons; Premium adds the image and 'View Full Details'.
 */
export const ListingCard = memo(function ListingCard({ listing, categoryPath, detailHref, headingLevel: Heading = 'h2' }: ListingCardProps) {
  const tier = tierOf(listing.listing_tier);
  const standard = tier !== 'Tier 3';
  const premium = tier === 'Tier 1';
  const address = standard ? listingAddress(listing) : null;
  return (
    <Card
      data-testid="listing-card"
      data-tier={tier}
      className={cn('flex h-full flex-col gap-3 p-5', premium && 'border-amber-300 ring-1 ring-amber-200')}
    >
      {premium && <ListingImage listing={listing} className="aspect-video" />}
      <div className="flex items-start justify-between gap-3">
        <Heading className="font-serif text-lg leading-snug font-semibold break-words text-ink">{listing.name}</Heading>
        <span className="shrink-0">
          <TierBadge tier={tier} />
        </span>
      </div>
      {categoryPath && <p className="text-sm text-ink-muted">{categoryPath}</p>}
      {standard && listing.description && <p className="line-clamp-4 text-sm leading-relaxed text-ink">{listing.description}</p>}
      {address && (
        <a
          href={mapLinkUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-start gap-1.5 text-sm text-accent-strong underline-offset-4 hover:underline"
        >
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{address}</span>
        </a>
      )}
      {standard && (
        <div className="mt-auto pt-1">
          <ContactLinks listing={listing} withMap={false} />
        </div>
      )}
      {premium && detailHref && (
        <Link to={detailHref} className={buttonClasses('primary', 'md', 'w-full')}>
          View Full Details
        </Link>
      )}
    </Card>
  );
});
