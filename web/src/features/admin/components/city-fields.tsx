import { CITY_STATUSES } from '../../../../../core/domain/enums.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.js';
import { Textarea } from '../../../components/ui/textarea.js';
import type { CityForm, CityText } from '../api/admin-cities.js';

const TEXT_FIELDS: { field: keyof CityText; label: string; required?: boolean }[] = [
  { field: 'name', label: 'Name', required: true },
  { field: 'county', label: 'County', required: true },
  { field: 'state', label: 'State' },
  { field: 'location_key', label: 'Location key' },
  { field: 'tag_line', label: 'Tag line' },
  { field: 'domain', label: 'Domain' },
  { field: 'image_url', label: 'Image URL' },
  { field: 'icon', label: 'Icon' },
];

/** The city form's fields (spec §3), for the create dialog and the details panel's edit mode. */
export function CityFields({ idPrefix, form, onChange }: { idPrefix: string; form: CityForm; onChange: (form: CityForm) => void }) {
  const set = (field: keyof CityText) => (value: string) => onChange({ ...form, [field]: value });
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(({ field, label, required }) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={id(field)} required={required}>
            {label}
          </Label>
          <Input id={id(field)} value={form[field]} required={required} onChange={(event) => set(field)(event.target.value)} />
        </div>
      ))}
      {/* content-start: beside the publishing hint the row is taller, and the select stays under its label. */}
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id('status')}>Status</Label>
        <Select value={form.status} onValueChange={set('status')}>
          <SelectTrigger id={id('status')} />
          <SelectContent>
            {CITY_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {status}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <PublishingField id={id('story-review')} value={form.story_review} onChange={(storyReview) => onChange({ ...form, story_review: storyReview })} />
      <ColourFields idPrefix={idPrefix} form={form} onChange={onChange} />
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={id('description')}>Description</Label>
        <Textarea id={id('description')} rows={3} value={form.description} onChange={(event) => set('description')(event.target.value)} />
      </div>
    </div>
  );
}

/** How a city's new stories reach the public (issue 24), in the form's words. */
export function publishingWords(review: boolean): string {
  return review ? "After an editor's review" : 'Automatically (default)';
}

/** Issue 24: whether a new or regenerated story is published at once or waits for an editor. */
function PublishingField({ id, value, onChange }: { id: string; value: boolean; onChange: (review: boolean) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Publish stories</Label>
      <Select value={value ? 'review' : 'automatic'} onValueChange={(choice) => onChange(choice === 'review')}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`} />
        <SelectContent>
          <SelectItem value="automatic">{publishingWords(false)}</SelectItem>
          <SelectItem value="review">{publishingWords(true)}</SelectItem>
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        After review, a new story waits in the Admin Panel's drafts; readers keep the story they had until an editor approves it.
      </p>
    </div>
  );
}

/** Primary and secondary colours with a preview of the city banner they make. */
function ColourFields({ idPrefix, form, onChange }: { idPrefix: string; form: CityForm; onChange: (form: CityForm) => void }) {
  return (
    // Two fields a row and the preview under them: three across clipped "#3B82F6" in a dialog (issue 25).
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      {(['primary_color', 'secondary_color'] as const).map((field) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-${field}`}>{field === 'primary_color' ? 'Primary colour' : 'Secondary colour'}</Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={`${field === 'primary_color' ? 'Primary' : 'Secondary'} colour picker`}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-line bg-white"
              value={/^#[0-9a-fA-F]{6}$/.test(form[field]) ? form[field] : '#000000'}
              onChange={(event) => onChange({ ...form, [field]: event.target.value.toUpperCase() })}
            />
            <Input id={`${idPrefix}-${field}`} className="font-mono" value={form[field]} maxLength={7} onChange={(event) => onChange({ ...form, [field]: event.target.value })} />
          </div>
        </div>
      ))}
      <div className="sm:col-span-2">
        <ColourPreview primary={form.primary_color} secondary={form.secondary_color} name={form.name} />
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
