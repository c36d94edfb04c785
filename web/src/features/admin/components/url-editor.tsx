import { urlFormSchema } from '@domain/city-form.js';
import { CONTENT_TYPES } from '@domain/enums.js';
import { ChoiceField } from '@/components/form/choice-field.js';
import { TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { toastError } from '@/lib/toast.js';
import type { UrlForm } from '../api/city-urls.js';
import { withAddress } from './city-rules.js';

/**
 * A URL row in add or edit mode: its source types differ (spec §9), the rest is the same. The
 * row's values live in the panel (one row at a time is open, spec §4); the address is checked
 * by core/domain's URL schema, and a refusal the server names a field for shows under it. Any
 * other failure is spec §8's toast, titled `failureTitle`.
 */
export function UrlEditor({
  label,
  form,
  sourceTypes,
  failureTitle,
  onChange,
  onSave,
  onCancel,
}: {
  label: string;
  form: UrlForm;
  sourceTypes: readonly string[];
  failureTitle: string;
  onChange: (form: UrlForm) => void;
  onSave: () => Promise<void>;
  onCancel: () => void;
}) {
  // A new address sets the content type from it (spec §5); the admin may change it after.
  const change = (next: UrlForm) => onChange(next.url === form.url ? next : withAddress(next, next.url));
  const row = useSchemaForm(urlFormSchema, form, { controlled: { values: form, onChange: change } });
  const submit = row.handleSubmit(() => onSave(), {
    onError: (error) => toastError(failureTitle, error instanceof Error ? error.message : String(error)),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-3 rounded-md border border-accent bg-accent-soft/30 p-3 md:grid-cols-2">
      <TextField field={row.field('url')} label="URL" required placeholder="https://www.youtube.com/@CityCouncil" frameClassName="gap-1.5" />
      <TextField field={row.field('title')} label="Title" frameClassName="gap-1.5" />
      <ChoiceField field={row.field('content_type')} label="Content type" options={CONTENT_TYPES} frameClassName="gap-1.5" />
      <ChoiceField field={row.field('source_type')} label="Source type" options={sourceTypes} frameClassName="gap-1.5" />
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" size="sm" disabled={row.pending}>
          {row.pending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
