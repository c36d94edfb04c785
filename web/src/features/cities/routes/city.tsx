import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 6 (the city page): built by the city page's issue. */
export function CityRoute() {
  return <PlainPage title="City" />;
}
