import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 13: a later issue builds it. */
export function AdminPanelRoute() {
  return <PlainPage title="Admin Panel" />;
}
