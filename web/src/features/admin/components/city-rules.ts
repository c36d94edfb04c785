import { SOURCE_TYPES } from '@domain/enums.js';
import { suggestContentType } from '@domain/youtube-url.js';
import type { CityUrl } from '@domain/admin.js';
import type { CityForm } from '../api/admin-cities.js';
import type { UrlForm } from '../api/city-urls.js';

/** Spec §9 defaults of a new city. */
const DEFAULT_STATE = 'CA';
const DEFAULT_PRIMARY = '#3B82F6';
const DEFAULT_SECONDARY = '#1E40AF';

export const EMPTY_CITY: CityForm = {
  name: '',
  county: '',
  state: DEFAULT_STATE,
  location_key: '',
  description: '',
  tag_line: '',
  image_url: '',
  domain: '',
  primary_color: DEFAULT_PRIMARY,
  secondary_color: DEFAULT_SECONDARY,
  icon: '',
  status: 'New',
  story_review: false,
};

/** Spec §9: the add row offers every source type, the edit row all but 'other'. */
export const ADD_SOURCE_TYPES = SOURCE_TYPES;
export const EDIT_SOURCE_TYPES = SOURCE_TYPES.filter((type) => type !== 'other');

export const EMPTY_URL: UrlForm = { title: '', url: '', content_type: 'site', source_type: 'city' };

/** Typing an address sets the content type from it (spec §5); the admin may change it after. */
export function withAddress(form: UrlForm, url: string): UrlForm {
  return { ...form, url, content_type: url.trim() ? suggestContentType(url) : form.content_type };
}

export function formOfUrl(row: CityUrl): UrlForm {
  return { title: row.title ?? '', url: row.url, content_type: row.content_type, source_type: row.source_type };
}

/** One URL row at a time is being added or edited (spec §4). */
export type UrlRowMode = { kind: 'idle' } | { kind: 'add'; form: UrlForm } | { kind: 'edit'; id: string; form: UrlForm };

/** Spec §4: adding is blocked while another row is edited. */
export const canStartAdding = (mode: UrlRowMode): boolean => mode.kind !== 'edit';
/** Likewise one edit at a time, and not over an unsaved new row. */
export const canStartEditing = (mode: UrlRowMode): boolean => mode.kind === 'idle';

/** Spec §4: selecting the selected row again deselects it. */
export function toggleSelection(selected: string | null, id: string): string | null {
  return selected === id ? null : id;
}
