import ArrowLeft from 'lucide-react/icons/arrow-left';
import Check from 'lucide-react/icons/check';
import { Link } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { Badge } from '@/components/ui/badge.js';
import { Card } from '@/components/ui/card.js';
import { cn } from '@/lib/cn.js';
import { paths } from '@/lib/paths.js';
import { COMING_SOON, ComingSoonButton } from '../components/coming-soon-button.js';
import { TierPreview, type PreviewLevel, type PreviewSample } from '../components/tier-preview.js';

interface Plan {
  level: PreviewLevel;
  name: string;
  price: string;
  per: string | null;
  action: string;
  popular?: boolean;
  /** The features of the plan below it are included; these are listed after them. */
  features: string[];
}

// Spec §2 screen 18 and §9: the three plans, their prices and features.
const BASIC = ['Basic business information', 'Contact details', 'Category listing', 'Search visibility', 'Mobile optimized'];
const ENHANCED = ['Business description', 'Services showcase', 'Business photos', 'Enhanced styling', 'Priority placement'];
const PREMIUM = ['Premium styling and branding', 'Multiple photos and gallery', 'Detailed service listings', 'Top directory placement', 'Dedicated support'];

const PLANS: Plan[] = [
  { level: 'basic', name: 'Basic Listing', price: '$29', per: '/month', action: 'Get Started', features: BASIC },
  { level: 'enhanced', name: 'Enhanced Listing', price: '$79', per: '/month', action: 'Get Started', popular: true, features: [...BASIC, ...ENHANCED] },
  { level: 'premium', name: 'Premium Listing', price: 'Contact Us', per: null, action: 'Contact Sales', features: [...BASIC, ...ENHANCED, ...PREMIUM] },
];

const SAMPLE: PreviewSample = {
  name: 'Harbor Light Bakery',
  tagline: 'Bread at dawn, cake by noon',
  category: 'Food & Dining › Bakeries',
  yearEstablished: 1998,
  address: '100 Harbor Street',
  phone: '(555) 010-1000',
  email: 'hello@harbor-light-bakery.example',
  website: 'harbor-light-bakery.example',
  description: 'A family bakery known for sourdough, morning buns and custom cakes for every celebration.',
  services: ['Sourdough', 'Custom cakes', 'Catering', 'Gluten-free loaves', 'Wholesale'],
  logo: 'HL',
  photo: 'The bakery counter with fresh loaves',
};

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card className={cn('relative flex flex-col gap-5 p-6', plan.popular && 'border-accent ring-2 ring-accent')}>
      {plan.popular && (
        <Badge tone="accent" className="absolute -top-3 left-1/2 -translate-x-1/2">
          Most Popular
        </Badge>
      )}
      <div>
        <h2 className="font-serif text-xl font-semibold text-ink">{plan.name}</h2>
        <p className="mt-2 text-ink">
          <span className="font-serif text-3xl font-bold">{plan.price}</span>
          {plan.per ? <span className="text-ink-muted">{plan.per}</span> : <span className="block text-sm text-ink-muted">Custom pricing for your business</span>}
        </p>
      </div>
      <ul className="grid flex-1 content-start gap-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-ink">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            {feature}
          </li>
        ))}
      </ul>
      <ComingSoonButton variant={plan.popular ? 'primary' : 'secondary'}>{plan.action}</ComingSoonButton>
    </Card>
  );
}

/** Spec §2 screen 18: the prototype pricing page. Nothing can be bought yet, and the page says so. */
export function PricingRoute() {
  return (
    <Page title="Pricing" lead="Choose how your business appears in the local directory.">
      <Link to={paths.proto.directory.href()} className="mb-8 inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Directory
      </Link>
      <p className="mb-8 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{COMING_SOON} The plans below show what each listing will include.</p>
      <div className="grid gap-6 md:grid-cols-3 md:items-stretch">
        {PLANS.map((plan) => (
          <PlanCard key={plan.level} plan={plan} />
        ))}
      </div>
      <section aria-labelledby="previews-heading" className="mt-14">
        <h2 id="previews-heading" className="mb-2 font-serif text-2xl font-semibold text-ink">
          What each listing looks like
        </h2>
        <p className="mb-6 text-ink-muted">Sample previews with invented details.</p>
        <div className="grid gap-6 md:grid-cols-3 md:items-start">
          {PLANS.map((plan) => (
            <div key={plan.level} className="grid gap-2">
              <p className="text-sm font-semibold text-ink-muted">{plan.name}</p>
              <TierPreview sample={SAMPLE} level={plan.level} />
            </div>
          ))}
        </div>
      </section>
      <div className="mt-14 rounded-lg border border-line bg-paper-muted p-6 text-center">
        <h2 className="font-serif text-xl font-semibold text-ink">Questions about a plan?</h2>
        <p className="mt-2 text-ink-muted">Our sales team can help you choose.</p>
        <div className="mx-auto mt-4 max-w-xs">
          <ComingSoonButton>Contact Our Sales Team</ComingSoonButton>
        </div>
      </div>
    </Page>
  );
}
