import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 18 (prototype directory): a later issue builds it. */
export function ProtoDirectoryRoute() {
  return <PlainPage title="Business Directory" />;
}
