import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 1. */
export function HomeRoute() {
  return <PlainPage title="Home" />;
}
