import type { Listing } from '@domain/listing.js';
import { ListingCard } from '@/components/directory/listing-card.js';
import type { SampleBusiness } from '../sample-businesses.js';

/** A sample business in the directory's listing shape, so the prototype draws the real card. */
function asListing(business: SampleBusiness): Listing {
  return {
    id: business.id,
    name: business.name,
    description: business.description,
    street_address: business.street_address,
    postal_code: null,
    telephone: business.telephone,
    website: business.website,
    email: business.email,
    image_url: null,
    city_id: null,
    business_category: null,
    listing_tier: business.listing_tier,
    business_key: null,
    created_at: '',
    updated_at: '',
    city: null,
  };
}

/** The directory's card (spec §4 tiers) for a sample business; there is no detail page to open. */
export function SampleListingCard({ business }: { business: SampleBusiness }) {
  return <ListingCard listing={asListing(business)} categoryPath={business.category} detailHref={null} />;
}
