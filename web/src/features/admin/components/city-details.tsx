import { useState } from 'react';
import type { AdminCity } from '@domain/admin.js';
import { cityFormSchema } from '@domain/city-form.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useUpdateCity, type CityForm } from '../api/admin-cities.js';
import { CityFields, ColourPreview, publishingWords, TEXT_FIELDS } from './city-fields.js';

function formOf(city: AdminCity): CityForm {
  return {
    name: city.name,
    county: city.county ?? '',
    state: city.state,
    location_key: city.location_key,
    description: city.description ?? '',
    tag_line: city.tag_line ?? '',
    image_url: city.image_url ?? '',
    domain: city.domain ?? '',
    primary_color: city.primary_color,
    secondary_color: city.secondary_color,
    icon: city.icon ?? '',
    status: city.status,
    story_review: city.story_review ?? false,
  };
}

/** What view mode lists: the form's one-line fields but the name, which is the card's title. */
const SHOWN = TEXT_FIELDS.filter(({ name }) => name !== 'name').map(({ name, label }) => ({ field: name, label }));

/** The city details panel in view and edit modes (spec §2 screen 14, §4). */
export function CityDetails({ city }: { city: AdminCity }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>City details</CardTitle>
        {!editing && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <EditCityForm city={city} onDone={() => setEditing(false)} />
        ) : (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-lg font-semibold text-ink">{city.name}</p>
              <Badge tone={city.status === 'Live' ? 'success' : 'neutral'}>{city.status}</Badge>
            </div>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {SHOWN.map(({ field, label }) => (
                <div key={field}>
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="break-words text-ink">{String(city[field] ?? '') || '—'}</dd>
                </div>
              ))}
              <div>
                <dt className="text-ink-muted">Publish stories</dt>
                <dd className="text-ink">{publishingWords(city.story_review ?? false)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-ink-muted">Description</dt>
                <dd className="break-words text-ink">{city.description || '—'}</dd>
              </div>
            </dl>
            <ColourPreview primary={city.primary_color} secondary={city.secondary_color} name={city.name} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The edit mode: the city's fields, checked by the form schema, saved through the city update. */
function EditCityForm({ city, onDone }: { city: AdminCity; onDone: () => void }) {
  const form = useSchemaForm(cityFormSchema, formOf(city));
  const update = useUpdateCity();
  const save = form.handleSubmit(
    async (_body, values) => {
      await update.mutateAsync({ id: city.id, form: values });
      toastSuccess('City updated successfully');
      onDone();
    },
    { onError: (error) => toastError('Error updating city', error instanceof Error ? error.message : String(error)) },
  );
  return (
    <form onSubmit={save} noValidate aria-label="Edit city details">
      <CityFields field={form.field} values={form.values} />
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
