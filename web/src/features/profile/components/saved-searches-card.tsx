import Rss from 'lucide-react/icons/rss';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency, type SavedSearchView } from '@domain/alerts.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { SelectField } from '@/components/ui/select-field.js';
import { Spinner } from '@/components/ui/spinner.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useDeleteSavedSearch, useRegenerateFeed, useSavedSearches, useUpdateSavedSearch } from '@/lib/api/saved-searches.js';
import { SaveSearchForm } from '@/components/save-search-form.js';

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }));

const failed = (error: unknown, fallback: string) => toastError('Error', isApiError(error) ? error.message : fallback);

function SavedSearchRow({ search }: { search: SavedSearchView }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const regenerate = useRegenerateFeed();
  const busy = update.isPending || remove.isPending || regenerate.isPending;
  const where = search.cities.length > 0 ? search.cities.map((city) => `${city.name}, ${city.state}`).join('; ') : 'All cities';
  return (
    <li className="grid gap-2 border-t border-line py-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-all text-ink">“{search.query}”</span>
        {search.paused && <Badge tone="grey">Paused</Badge>}
      </div>
      <p className="text-sm text-ink-muted">{where}</p>
      <div className="max-w-xs">
        <SelectField
          id={`alert-frequency-${search.id}`}
          label={<span className="sr-only">How often to email “{search.query}”</span>}
          value={search.frequency}
          onChange={(value) =>
            update.mutate(
              { id: search.id, frequency: value as AlertFrequency },
              { onSuccess: () => toastSuccess('Alert updated'), onError: (error) => failed(error, 'Failed to update the alert') },
            )
          }
          options={FREQUENCY_OPTIONS}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => update.mutate({ id: search.id, paused: !search.paused }, { onError: (error) => failed(error, 'Failed to update the alert') })}
        >
          {search.paused ? 'Resume emails' : 'Pause emails'}
        </Button>
        <a href={search.feed_url} className="inline-flex h-9 items-center gap-1.5 px-2 text-sm text-accent hover:underline">
          <Rss aria-hidden="true" />
          Private feed
        </a>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            regenerate.mutate(search.id, {
              onSuccess: () => toastSuccess('Feed address changed', 'The old feed address no longer works.'),
              onError: (error) => failed(error, 'Failed to change the feed address'),
            })
          }
        >
          New feed address
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger"
          disabled={busy}
          aria-label={`Delete the saved search "${search.query}"`}
          onClick={() => remove.mutate(search.id, { onError: (error) => failed(error, 'Failed to delete the saved search') })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The profile's saved searches (issue 27): each with its alert paused or resumed, its private feed, deleted. */
export function SavedSearchesCard() {
  const searches = useSavedSearches();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Saved Searches and Alerts</CardTitle>
        <CardDescription>We email you when a newly published meeting mentions your words, with a link to the second they were said.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {searches.isPending ? (
          <Spinner label="Loading saved searches..." />
        ) : searches.isError ? (
          <p className="text-ink-muted">Your saved searches could not be loaded.</p>
        ) : searches.data.length === 0 ? (
          <p className="text-ink-muted">No saved searches yet.</p>
        ) : (
          <ul aria-label="Saved searches">
            {searches.data.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
        <SaveSearchForm />
      </CardContent>
    </Card>
  );
}
