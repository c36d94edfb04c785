import { useMutation } from '@/lib/query/use-mutation.js';
import { useQuery } from '@/lib/query/use-query.js';
import { Link, useParams } from '@/lib/router/index.js';
import { unsubscribeViewSchema } from '@domain/alerts.js';
import { Page } from '@/components/layout/page.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { api } from '@/lib/api-client.js';
import { apiPaths, paths } from '@/lib/paths.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';

/**
 * Where an alert email's unsubscribe link lands (issue 27), signed in or not. Opening the page
 * changes nothing (mail scanners open links); the button unsubscribes.
 */
export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  useDocumentTitle('Unsubscribe');
  const alert = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api.get(apiPaths.unsubscribe(token), unsubscribeViewSchema, { signal }),
    retry: false,
  });
  const unsubscribe = useMutation({ mutationFn: () => api.post(apiPaths.unsubscribe(token), undefined, unsubscribeViewSchema) });

  if (alert.isPending) return <PageSpinner label="Loading..." />;
  return (
    <Page title="Unsubscribe" width="prose">
      <div className="grid gap-4 rounded-lg border border-line bg-white p-6">
        {alert.isError ? (
          <p className="text-ink">{alert.error.message}</p>
        ) : unsubscribe.isSuccess || alert.data.paused ? (
          <>
            <p className="text-ink" role="status">
              You are unsubscribed: no more emails for the saved search “{alert.data.query}”.
            </p>
            <p className="text-sm text-ink-muted">Signed in, you can resume or delete it on your profile.</p>
          </>
        ) : (
          <>
            <p className="text-ink">Stop the emails for your saved search “{alert.data.query}”?</p>
            {unsubscribe.isError && <p className="text-danger">{unsubscribe.error.message}</p>}
            <div>
              <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
                {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
              </Button>
            </div>
          </>
        )}
        <Link to={paths.profile.href()} className={buttonClasses('link', 'md', 'justify-self-start')}>
          Manage your alerts
        </Link>
      </div>
    </Page>
  );
}
