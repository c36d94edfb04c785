import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 15: a later issue builds it. */
export function ContentManagementRoute() {
  return <PlainPage title="Content Management" />;
}
