import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 18: a later issue builds it. */
export function FrontendComponentsRoute() {
  return <PlainPage title="Frontend Components Showcase" />;
}
