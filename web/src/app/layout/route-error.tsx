import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.js';
import { Page } from '../../components/layout/page.js';

/**
 * When a page cannot be shown at all (its code failed to load after a deploy, or it threw):
 * say so inside the chrome and offer a reload, instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Page title="Something went wrong" lead="This page could not be shown. Reloading usually fixes it.">
      {detail && <p className="mb-4 text-sm text-ink-muted">{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Page>
  );
}
