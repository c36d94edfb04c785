import Newspaper from 'lucide-react/icons/newspaper';
import { Link } from '@/lib/router/index.js';
import { compareListings } from '@domain/directory.js';
import { Page } from '@/components/layout/page.js';
import { Badge } from '@/components/ui/badge.js';
import { buttonClasses } from '@/components/ui/button.js';
import { paths } from '@/lib/paths.js';
import { DEMO_TIERS, MockupCard } from '../components/mockup-card.js';
import { MOCKUP_BUSINESSES } from '../sample-businesses.js';

// Spec §9 demo figures.
const TRIAL_DAYS = 23;
const MORE_BUSINESSES = 147;

/** Spec §2 screen 18: a local newspaper's directory page, with the tier preview for owners. */
export function DirectoryTiersRoute() {
  const listings = [...MOCKUP_BUSINESSES].sort(compareListings);
  return (
    <Page title="Business Directory Tiers" heading={false}>
      <header className="mb-8 border-y-4 border-double border-ink py-4 text-center">
        <p className="flex items-center justify-center gap-2 text-sm font-semibold tracking-widest text-ink-muted uppercase">
          <Newspaper aria-hidden="true" className="size-4" /> The Harbor Gazette
        </p>
        <h1 className="mt-1 font-serif text-3xl font-bold text-ink sm:text-4xl">Local Business Directory</h1>
        <p className="mt-1 text-sm text-ink-muted">A sample of the directory page a newsroom could run, with invented businesses.</p>
      </header>

      <section aria-labelledby="tiers-heading" className="mb-10 rounded-lg border border-line bg-paper-muted p-5">
        <h2 id="tiers-heading" className="font-serif text-xl font-semibold text-ink">
          Listing tiers
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {(['Tier 1', 'Tier 2', 'Tier 3'] as const).map((tier) => (
            <li key={tier} className="rounded-md border border-line bg-white p-4">
              <Badge tone={DEMO_TIERS[tier].tone}>{DEMO_TIERS[tier].name}</Badge>
              <p className="mt-2 font-serif text-2xl font-bold text-ink">
                ${DEMO_TIERS[tier].price}
                <span className="text-base font-normal text-ink-muted">/month</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink">
          New listings start with a <strong>{TRIAL_DAYS}-day professional trial</strong>.
        </p>
      </section>

      <section aria-labelledby="listings-heading">
        <h2 id="listings-heading" className="mb-4 font-serif text-2xl font-semibold text-ink">
          This week’s listings
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {listings.map((business) => (
            <MockupCard key={business.id} business={business} />
          ))}
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-4">
          <p className="text-ink">…and {MORE_BUSINESSES} more businesses in the full directory.</p>
          <Link to={paths.proto.directory.href()} className={buttonClasses('secondary')}>
            Browse the full directory
          </Link>
        </div>
      </section>
    </Page>
  );
}
