import type { FormEvent } from 'react';
import { CONTENT_TYPES } from '../../../../../core/domain/enums.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { SelectField } from '../../../components/ui/select-field.js';
import type { UrlForm } from '../api/city-urls.js';
import { withAddress } from './city-rules.js';

/** A URL row in add or edit mode: its source types differ (spec §9), the rest is the same. */
export function UrlEditor({
  idPrefix,
  label,
  form,
  sourceTypes,
  pending,
  onChange,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  label: string;
  form: UrlForm;
  sourceTypes: readonly string[];
  pending: boolean;
  onChange: (form: UrlForm) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form onSubmit={submit} aria-label={label} className="grid gap-3 rounded-md border border-accent bg-accent-soft/30 p-3 md:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id('url')} required>
          URL
        </Label>
        <Input id={id('url')} value={form.url} placeholder="https://www.youtube.com/@CityCouncil" onChange={(event) => onChange(withAddress(form, event.target.value))} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id('title')}>Title</Label>
        <Input id={id('title')} value={form.title} onChange={(event) => onChange({ ...form, title: event.target.value })} />
      </div>
      <SelectField
        id={id('content-type')}
        label="Content type"
        value={form.content_type}
        onChange={(content_type) => onChange({ ...form, content_type })}
        options={CONTENT_TYPES}
      />
      <SelectField id={id('source-type')} label="Source type" value={form.source_type} onChange={(source_type) => onChange({ ...form, source_type })} options={sourceTypes} />
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
