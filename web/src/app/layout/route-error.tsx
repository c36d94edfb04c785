import { Button } from '@/components/ui/button.js';
import { Page } from '@/components/layout/page.js';

/**
 * When a page cannot be shown at all (its code failed to load after a deploy, or it threw):
 * say so inside the chrome and offer a reload, instead of a blank screen.
 */
export function RouteError() {
  return (
    <Page title="Something went wrong" lead="This page could not be shown. Reloading usually fixes it.">
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Page>
  );
}
