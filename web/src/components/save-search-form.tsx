import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, savedSearchInputSchema } from '@domain/alerts.js';
import { CitySelect } from './city-select.js';
import { ChoiceField } from './form/choice-field.js';
import { FormField } from './form/form-field.js';
import { TextField } from './form/text-fields.js';
import { useSchemaForm } from './form/use-schema-form.js';
import { Button } from './ui/button.js';
import { isApiError } from '../lib/api-client.js';
import { toastError, toastSuccess } from '../lib/toast.js';
import { useSaveSearch } from '../lib/api/saved-searches.js';

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }));

/**
 * Saves a search with its alert (issue 27). On the profile the query and city are typed and
 * chosen; on the search page they are the search's own (`fixed`), and only how often is asked.
 * The form holds one city; the body (savedSearchInputSchema) takes a list of them.
 */
export function SaveSearchForm({ fixed, onSaved }: { fixed?: { query: string; city?: string | undefined }; onSaved?: () => void }) {
  const form = useSchemaForm(
    savedSearchInputSchema,
    { query: fixed?.query ?? '', cities: fixed?.city ?? '', frequency: 'immediate' },
    {
      // On the search page the search is the page's: whatever it has become since the form mounted.
      toInput: ({ query, cities, frequency }) => {
        const city = fixed ? fixed.city : cities;
        return { query: fixed?.query ?? query, cities: city ? [city] : [], frequency };
      },
    },
  );
  const save = useSaveSearch();

  const submit = form.handleSubmit(
    async (body) => {
      const saved = await save.mutateAsync(body);
      toastSuccess('Search saved', `We'll email you when "${saved.query}" comes up in a meeting.`);
      form.reset({ ...form.values, query: '' });
      onSaved?.();
    },
    { onError: (error) => toastError('Error', isApiError(error) ? error.message : 'Failed to save the search') },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Save a search">
      {!fixed && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={form.field('query')} label="Words to watch for" placeholder='footbridge, "public comment", zoning -parking' maxLength={500} frameClassName="gap-1.5" />
          <FormField field={form.field('cities')} label="In meetings of" frameClassName="gap-1.5">
            {(control) => (
              <CitySelect
                id={control.id}
                ref={control.ref}
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
                value={form.values.cities}
                onValueChange={form.field('cities').setValue}
                noneLabel="All cities"
                placeholder="All cities"
              />
            )}
          </FormField>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <ChoiceField field={form.field('frequency')} label="Email me" options={FREQUENCY_OPTIONS} frameClassName="min-w-56 gap-1.5" />
        <Button type="submit" disabled={form.pending || (!fixed && !form.values.query.trim())}>
          {form.pending ? 'Saving...' : fixed ? 'Save search and email me' : 'Save search'}
        </Button>
      </div>
    </form>
  );
}
