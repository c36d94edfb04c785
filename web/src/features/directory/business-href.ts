import type { Listing } from '@domain/listing.js';
import { paths } from '@/lib/paths.js';

/** A listing's detail page: under its city when the directory is a city's, by key else by id (spec §2). */
export function businessHref(listing: Pick<Listing, 'id' | 'business_key'>, locationKey: string | undefined): string {
  const key = listing.business_key ?? listing.id;
  return locationKey ? paths.cityBusiness.href(locationKey, key) : paths.business.href(key);
}
