import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 5 (sign in and sign up): built by the auth pages' issue. */
export function AuthRoute() {
  return <PlainPage title="Sign In" />;
}
