import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { listingAddress, mapLinkUrl } from '@domain/map-links.js';
import { normalizeWebsite } from '@domain/website.js';
import type { Listing } from '@domain/listing.js';
import { buttonClasses } from '../ui/button.js';

type ContactFields = Pick<Listing, 'telephone' | 'email' | 'website' | 'street_address' | 'postal_code' | 'city'>;

/**
 * Links that leave the site open in a new tab without giving it this page (no opener, no
 * referrer): phone, mail, map and website (spec §2 screen 8).
 */
function ExternalLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={buttonClasses('secondary', 'sm')}>
      {children}
    </a>
  );
}

/** "tel:" keeps digits and a leading +, so "(530) 555-0101" dials. */
function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

/** Call, Email, Map and Visit Website, each only when the listing has what it needs. */
export function ContactLinks({ listing, withMap = true }: { listing: ContactFields; withMap?: boolean }) {
  const website = normalizeWebsite(listing.website);
  const address = listingAddress(listing);
  return (
    <div className="flex flex-wrap gap-2">
      {listing.telephone && (
        <ExternalLink href={telHref(listing.telephone)} label={`Call ${listing.telephone}`}>
          <Phone aria-hidden="true" /> Call
        </ExternalLink>
      )}
      {listing.email && (
        <ExternalLink href={`mailto:${listing.email}`} label={`Email ${listing.email}`}>
          <Mail aria-hidden="true" /> Email
        </ExternalLink>
      )}
      {withMap && address && (
        <ExternalLink href={mapLinkUrl(address)} label={`Map of ${address}`}>
          <MapPin aria-hidden="true" /> Map
        </ExternalLink>
      )}
      {website && (
        <ExternalLink href={website} label={`Visit website ${website}`}>
          <Globe aria-hidden="true" /> Visit Website
        </ExternalLink>
      )}
    </div>
  );
}
