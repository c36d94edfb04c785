import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 18 (the newspaper directory mockup): a later issue builds it. */
export function DirectoryTiersRoute() {
  return <PlainPage title="Business Directory Tiers" />;
}
