import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 18 (prototype pricing): a later issue builds it. */
export function PricingRoute() {
  return <PlainPage title="Pricing" />;
}
