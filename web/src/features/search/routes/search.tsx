import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 9 (global and city-scoped search): a later issue builds it. */
export function SearchRoute() {
  return <PlainPage title="Search Results" />;
}
