import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 14: a later issue builds it. */
export function CityManagementRoute() {
  return <PlainPage title="City Management" />;
}
