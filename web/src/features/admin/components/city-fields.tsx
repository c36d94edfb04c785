import { CITY_STATUSES } from '@domain/enums.js';
import { FormField } from '@/components/form/form-field.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import type { FieldState } from '@/components/form/use-schema-form.js';
import { Input } from '@/components/ui/input.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import type { CityForm, CityText } from '../api/admin-cities.js';

/** A schema form's fields of the city form (components/form/use-schema-form.ts). */
export type CityFieldOf = <K extends keyof CityForm>(name: K) => FieldState<CityForm[K]>;

/** The city's one-line fields with their labels, in form order: the form and the details panel's view mode read them. */
export const TEXT_FIELDS: { name: keyof CityText; label: string; required?: boolean }[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'county', label: 'County', required: true },
  { name: 'state', label: 'State' },
  { name: 'location_key', label: 'Location key' },
  { name: 'tag_line', label: 'Tag line' },
  { name: 'domain', label: 'Domain' },
  { name: 'image_url', label: 'Image URL' },
  { name: 'icon', label: 'Icon' },
];

/** The city form's fields (spec §3), for the create dialog and the details panel's edit mode, each error under its field. */
export function CityFields({ field, values }: { field: CityFieldOf; values: CityForm }) {
  const status = field('status');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(({ name, label, required }) => (
        <TextField key={name} field={field(name)} label={label} required={required} frameClassName="gap-1.5" />
      ))}
      {/* content-start: beside the publishing hint the row is taller, and the select stays under its label. */}
      <FormField field={status} label="Status" frameClassName="content-start gap-1.5">
        {(control) => (
          <Select value={status.value} onValueChange={status.setValue}>
            <SelectTrigger {...control} />
            <SelectContent>
              {CITY_STATUSES.map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {choice}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <PublishingField field={field('story_review')} />
      <ColourFields field={field} values={values} />
      <TextAreaField field={field('description')} label="Description" rows={3} frameClassName="gap-1.5 sm:col-span-2" />
    </div>
  );
}

/** How a city's new stories reach the public (issue 24), in the form's words. */
export function publishingWords(review: boolean): string {
  return review ? "After an editor's review" : 'Automatically (default)';
}

/** Issue 24: whether a new or regenerated story is published at once or waits for an editor. */
function PublishingField({ field }: { field: FieldState<boolean> }) {
  return (
    <FormField
      field={field}
      label="Publish stories"
      frameClassName="gap-1.5"
      hint="After review, a new story waits in the Admin Panel's drafts; readers keep the story they had until an editor approves it."
    >
      {(control) => (
        <Select value={field.value ? 'review' : 'automatic'} onValueChange={(choice) => field.setValue(choice === 'review')}>
          <SelectTrigger {...control} />
          <SelectContent>
            <SelectItem value="automatic">{publishingWords(false)}</SelectItem>
            <SelectItem value="review">{publishingWords(true)}</SelectItem>
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** Primary and secondary colours with a preview of the city banner they make. */
function ColourFields({ field, values }: { field: CityFieldOf; values: CityForm }) {
  return (
    // Two fields a row and the preview under them: three across clipped "#3B82F6" in a dialog (issue 25).
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      {(['primary_color', 'secondary_color'] as const).map((name) => {
        const colour = field(name);
        return (
          <FormField key={name} field={colour} label={name === 'primary_color' ? 'Primary colour' : 'Secondary colour'} frameClassName="gap-1.5">
            {(control) => (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={`${name === 'primary_color' ? 'Primary' : 'Secondary'} colour picker`}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded border border-line bg-white"
                  value={/^#[0-9a-fA-F]{6}$/.test(colour.value) ? colour.value : '#000000'}
                  onChange={(event) => colour.setValue(event.target.value.toUpperCase())}
                />
                <Input {...control} className="font-mono" value={colour.value} maxLength={7} onChange={(event) => colour.setValue(event.target.value)} />
              </div>
            )}
          </FormField>
        );
      })}
      <div className="sm:col-span-2">
        <ColourPreview primary={values.primary_color} secondary={values.secondary_color} name={values.name} />
      </div>
    </div>
  );
}

export function ColourPreview({ primary, secondary, name }: { primary: string; secondary: string; name: string }) {
  return (
    <div
      aria-label="Colour preview"
      role="img"
      className="flex h-16 items-center rounded-md px-4 font-serif text-lg font-bold text-white"
      style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})` }}
    >
      {name.trim() || 'City name'}
    </div>
  );
}
