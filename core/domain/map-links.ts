/*
 * A listing's address and its map links, on their own (directory.ts re-exports them): the
 * business page and the cards need them without the directory's sorting and filtering rules
 * (issue 25's budget for public pages' JavaScript).
 */

/** Spec §9: the map embed's zoom. */
const MAP_ZOOM = 15;

/**
 * The keyless Google Maps embed of an address (server/middleware/security.ts lets this origin
 * into frames). One home for the URL so the page and the CSP agree.
 */
export function mapEmbedUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=${MAP_ZOOM}&output=embed`;
}

/** A link that opens the address in the maps site (the card's and detail page's map link). */
export function mapLinkUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** "214 Main Street, Fairview, CA 95960": what the map looks up; null without a street address. */
export function listingAddress(listing: {
  street_address: string | null;
  postal_code: string | null;
  city?: { name: string; state: string } | null;
}): string | null {
  const street = listing.street_address?.trim();
  if (!street) return null;
  const place = listing.city ? `${listing.city.name}, ${listing.city.state}` : '';
  const postal = listing.postal_code?.trim() ?? '';
  const tail = [place, postal].filter(Boolean).join(' ');
  return tail ? `${street}, ${tail}` : street;
}
