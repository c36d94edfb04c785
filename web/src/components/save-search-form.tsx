import { useId, useState, type FormEvent } from 'react';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '../../../core/domain/alerts.js';
import { CitySelect } from './city-select.js';
import { Button } from './ui/button.js';
import { Input } from './ui/input.js';
import { Label } from './ui/label.js';
import { SelectField } from './ui/select-field.js';
import { isApiError } from '../lib/api-client.js';
import { toastError, toastSuccess } from '../lib/toast.js';
import { useSaveSearch } from '../lib/api/saved-searches.js';

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }));

/**
 * Saves a search with its alert (issue 27). On the profile the query and city are typed and
 * chosen; on the search page they are the search's own (`fixed`), and only how often is asked.
 */
export function SaveSearchForm({ fixed, onSaved }: { fixed?: { query: string; city?: string | undefined }; onSaved?: () => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [city, setCity] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('immediate');
  const save = useSaveSearch();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const input = fixed ?? { query, city };
    save.mutate(
      { query: input.query, cities: input.city ? [input.city] : [], frequency },
      {
        onSuccess: (saved) => {
          toastSuccess('Search saved', `We'll email you when "${saved.query}" comes up in a meeting.`);
          setQuery('');
          onSaved?.();
        },
        onError: (error) => toastError('Error', isApiError(error) ? error.message : 'Failed to save the search'),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Save a search">
      {!fixed && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-query`}>Words to watch for</Label>
            <Input id={`${id}-query`} value={query} onChange={(event) => setQuery(event.target.value)} placeholder='footbridge, "public comment", zoning -parking' maxLength={500} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-city`}>In meetings of</Label>
            <CitySelect id={`${id}-city`} value={city} onValueChange={setCity} noneLabel="All cities" placeholder="All cities" />
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56">
          <SelectField id={`${id}-frequency`} label="Email me" value={frequency} onChange={(value) => setFrequency(value as AlertFrequency)} options={FREQUENCY_OPTIONS} />
        </div>
        <Button type="submit" disabled={save.isPending || (!fixed && !query.trim())}>
          {save.isPending ? 'Saving...' : fixed ? 'Save search and email me' : 'Save search'}
        </Button>
      </div>
    </form>
  );
}
