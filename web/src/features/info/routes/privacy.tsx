import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 3. */
export function PrivacyRoute() {
  return <PlainPage title="Privacy Policy" />;
}
