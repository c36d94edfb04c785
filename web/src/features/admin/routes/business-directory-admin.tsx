import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 16: a later issue builds it. */
export function BusinessDirectoryAdminRoute() {
  return <PlainPage title="Business Directory Management" />;
}
