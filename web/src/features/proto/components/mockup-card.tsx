import Globe from 'lucide-react/icons/globe';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Badge, type BadgeTone } from '@/components/ui/badge.js';
import { cn } from '@/lib/cn.js';
import type { SampleBusiness } from '../sample-businesses.js';

/** Spec §9's demo tiers of the newspaper mockup, by listing tier. */
export const DEMO_TIERS = {
  'Tier 1': { name: 'Premium', price: 149, tone: 'yellow' },
  'Tier 2': { name: 'Featured', price: 79, tone: 'blue' },
  'Tier 3': { name: 'Basic', price: 29, tone: 'grey' },
} as const satisfies Record<SampleBusiness['listing_tier'], { name: string; price: number; tone: BadgeTone }>;

/** Spec §9: the Tier 2 card names 3 services, then '+N more'. */
export const FEATURED_SERVICES = 3;

export function servicesShown(services: readonly string[], limit: number): { names: string[]; more: number } {
  return { names: services.slice(0, limit), more: Math.max(0, services.length - limit) };
}

/** A listing as the newspaper would print it: Premium large with everything, Featured with 3 services, Basic one line. */
export function MockupCard({ business }: { business: SampleBusiness }) {
  const tier = DEMO_TIERS[business.listing_tier];
  const premium = business.listing_tier === 'Tier 1';
  const featured = business.listing_tier === 'Tier 2';
  const services = servicesShown(business.services, premium ? business.services.length : FEATURED_SERVICES);
  return (
    <article
      data-testid="mockup-card"
      className={cn(
        'grid gap-2 border-line p-4',
        premium ? 'rounded-lg border-2 border-amber-300 bg-amber-50/60 sm:col-span-2' : featured ? 'rounded-lg border bg-white' : 'border-b',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className={cn('font-serif font-semibold text-ink', premium ? 'text-2xl' : 'text-lg')}>{business.name}</h3>
        <Badge tone={tier.tone}>{tier.name}</Badge>
      </div>
      <p className="text-sm text-ink-muted">
        {business.category} · Since {business.year_established}
      </p>
      {(premium || featured) && <p className="text-sm leading-relaxed text-ink">{business.description}</p>}
      {(premium || featured) && (
        <p className="text-sm text-ink">
          <span className="font-medium">Services: </span>
          {services.names.join(', ')}
          {services.more > 0 && <span className="text-ink-muted"> +{services.more} more</span>}
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <Phone aria-hidden="true" className="size-3.5" /> {business.telephone}
        </span>
        {(premium || featured) && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5" /> {business.street_address}
          </span>
        )}
        {premium && (
          <span className="inline-flex items-center gap-1">
            <Globe aria-hidden="true" className="size-3.5" /> {business.website}
          </span>
        )}
      </div>
    </article>
  );
}
