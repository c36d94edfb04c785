import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 2. */
export function AboutRoute() {
  return <PlainPage title="About" />;
}
