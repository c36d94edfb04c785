import type { ListingWithCity } from '../../core/index.js';

function cityOf(listing: ListingWithCity) {
  return listing.city_id && listing.city_name !== null
    ? { id: listing.city_id, name: listing.city_name, state: listing.city_state, location_key: listing.city_location_key }
    : null;
}

/** A directory listing as visitors see it (spec §3), with its city; no owner or billing fields. */
export function presentListing(listing: ListingWithCity) {
  return {
    id: listing.id,
    name: listing.name,
    description: listing.description,
    street_address: listing.street_address,
    postal_code: listing.postal_code,
    telephone: listing.telephone,
    website: listing.website,
    email: listing.email,
    image_url: listing.image_url,
    city_id: listing.city_id,
    business_category: listing.business_category,
    listing_tier: listing.listing_tier,
    business_key: listing.business_key,
    created_at: listing.created_at,
    updated_at: listing.updated_at,
    city: cityOf(listing),
  };
}

/** Admin: the same plus the subscription fields staff manage (payment-provider ids stay out). */
export function presentAdminListing(listing: ListingWithCity) {
  return {
    ...presentListing(listing),
    user_email: listing.user_email,
    subscription_status: listing.subscription_status,
  };
}
