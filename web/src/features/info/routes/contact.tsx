import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 4. */
export function ContactRoute() {
  return <PlainPage title="Contact Us" />;
}
