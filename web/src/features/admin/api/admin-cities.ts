import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { adminCityListSchema, adminCitySchema, type AdminCity } from '@domain/admin.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** The city form's fields (spec §3); '' leaves an optional field empty. */
export interface CityForm extends CityText {
  /** Issue 24: publish new stories only after an editor approves them. */
  story_review: boolean;
}

/** The form's text fields. */
export interface CityText {
  name: string;
  county: string;
  state: string;
  location_key: string;
  description: string;
  tag_line: string;
  image_url: string;
  domain: string;
  primary_color: string;
  secondary_color: string;
  icon: string;
  status: string;
}

const ADMIN_CITIES_KEY = ['admin', 'cities'] as const;

/** GET /api/admin/cities: every city by name, with its URL and video counts. */
function getAdminCities(signal?: AbortSignal): Promise<AdminCity[]> {
  return api.get(apiPaths.adminCities(), adminCityListSchema, { signal });
}

export function useAdminCities() {
  return useQuery(queryOptions({ queryKey: ADMIN_CITIES_KEY, queryFn: ({ signal }) => getAdminCities(signal) }));
}

/** Blank optional fields are sent as null (cleared); the server keeps its defaults for blank colours and key. */
function toBody(form: Partial<CityForm>) {
  const body: Record<string, string | boolean | null> = {};
  for (const [field, value] of Object.entries(form)) {
    if (typeof value === 'boolean') {
      body[field] = value;
      continue;
    }
    const text = value.trim();
    if (text) body[field] = text;
    else if (!['name', 'county', 'state', 'location_key', 'primary_color', 'secondary_color', 'status'].includes(field)) body[field] = null;
  }
  return body;
}

/** POST /api/admin/cities (spec §5 create-city rules are checked by the caller and the server). */
function createCity(form: Partial<CityForm>): Promise<AdminCity> {
  return api.post(apiPaths.adminCities(), toBody(form), adminCitySchema);
}

/** PATCH /api/admin/cities/:id. */
function updateCity(id: string, form: Partial<CityForm>): Promise<AdminCity> {
  return api.patch(apiPaths.adminCity(id), toBody(form), adminCitySchema);
}

function useRefreshCities() {
  const queryClient = useQueryClient();
  // The public city list and pages show the same rows.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_CITIES_KEY }), queryClient.invalidateQueries({ queryKey: ['cities'] })]);
}

export function useCreateCity() {
  const refresh = useRefreshCities();
  return useMutation({ mutationFn: createCity, onSuccess: () => refresh() });
}

export function useUpdateCity() {
  const refresh = useRefreshCities();
  return useMutation({ mutationFn: ({ id, form }: { id: string; form: Partial<CityForm> }) => updateCity(id, form), onSuccess: () => refresh() });
}
