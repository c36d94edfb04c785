import ArrowLeft from 'lucide-react/icons/arrow-left';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router/index.js';
import { listingAddress } from '@domain/map-links.js';
import type { Category, Listing } from '@domain/listing.js';
import { Page } from '@/components/layout/page.js';
import { buttonClasses } from '@/components/ui/button.js';
import { Card } from '@/components/ui/card.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { useBusiness } from '../api/get-business.js';
import { ContactLinks } from '@/components/directory/contact-links.js';
import { ListingImage } from '@/components/directory/listing-card.js';
import { MapEmbed } from '../components/map-embed.js';
import { TierBadge } from '@/components/directory/tier-badge.js';
import { categoryPaths } from '../category-paths.js';

function BackLink({ locationKey }: { locationKey: string | undefined }) {
  return (
    <Link
      to={locationKey ? paths.cityBusinesses.href(locationKey) : paths.businesses.href()}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Directory
    </Link>
  );
}

/** Spec §2 screen 8 and §8: a missing listing and a failed query both end here. */
function BusinessNotFound({ locationKey }: { locationKey: string | undefined }) {
  useDocumentTitle('Business Not Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="font-serif text-3xl font-bold text-ink">Business Not Found</h1>
      <p className="mt-3 text-ink-muted">The business you're looking for doesn't exist or has been removed.</p>
      <Link to={locationKey ? paths.cityBusinesses.href(locationKey) : paths.businesses.href()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        Browse the Directory
      </Link>
    </div>
  );
}

function DetailLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-ink">
      <span className="mt-0.5 text-ink-muted [&_svg]:size-4">{icon}</span>
      <span className="break-words">{children}</span>
    </p>
  );
}

function BusinessDetail({ listing, categories, locationKey }: { listing: Listing; categories: Category[]; locationKey: string | undefined }) {
  const address = listingAddress(listing);
  const categoryPath = listing.business_category ? categoryPaths(categories).get(listing.business_category) : undefined;
  return (
    <Page title={listing.name} heading={false}>
      <BackLink locationKey={locationKey} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-5">
          <header className="grid gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <TierBadge tier={listing.listing_tier} />
              {categoryPath && <p className="text-sm text-ink-muted">{categoryPath}</p>}
            </div>
            <h1 className="font-serif text-3xl leading-tight font-bold tracking-tight break-words text-ink sm:text-4xl">{listing.name}</h1>
            {listing.city && (
              <p className="text-ink-muted">
                {listing.city.name}, {listing.city.state}
              </p>
            )}
          </header>
          {listing.image_url && <ListingImage listing={listing} className="aspect-video" />}
          {listing.description && <p className="max-w-prose text-base leading-relaxed text-ink">{listing.description}</p>}
          <ContactLinks listing={listing} />
        </div>
        <Card className="grid gap-4 p-5">
          <h2 className="font-serif text-xl font-semibold text-ink">Location and Contact</h2>
          {address ? (
            <>
              <MapEmbed address={address} title={`Map of ${address}`} />
              <DetailLine icon={<MapPin aria-hidden="true" />}>{address}</DetailLine>
            </>
          ) : (
            <p className="rounded-md bg-paper-muted p-4 text-center text-ink-muted">No address available</p>
          )}
          {listing.telephone && <DetailLine icon={<Phone aria-hidden="true" />}>{listing.telephone}</DetailLine>}
          {listing.email && <DetailLine icon={<Mail aria-hidden="true" />}>{listing.email}</DetailLine>}
        </Card>
      </div>
    </Page>
  );
}

/** Spec §2 screen 8: one listing by business key (falling back to its id). */
export function BusinessDetailRoute() {
  const { locationKey, businessKey = '' } = useParams();
  const listing = useBusiness(businessKey);
  const categories = useBusinessCategories();
  if (listing.isPending) return <PageSpinner label="Loading business..." />;
  if (listing.isError) return <BusinessNotFound locationKey={locationKey} />;
  return <BusinessDetail listing={listing.data} categories={categories.data ?? []} locationKey={locationKey} />;
}
