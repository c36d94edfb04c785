import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 7 (the directory, all cities or one): a later issue builds it. */
export function DirectoryRoute() {
  return <PlainPage title="Business Directory" />;
}
