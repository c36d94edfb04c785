import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 8: a later issue builds it. */
export function BusinessDetailRoute() {
  return <PlainPage title="Business Details" />;
}
