import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 12: built by the profile page's issue. */
export function ProfileRoute() {
  return <PlainPage title="Profile" />;
}
