import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { cityUrlListSchema, cityUrlSchema, type CityUrl } from '@domain/admin.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** A URL row's editable fields (spec §3 city_urls). */
export interface UrlForm {
  title: string;
  url: string;
  content_type: string;
  source_type: string;
}

export const cityUrlsKey = (cityId: string) => ['admin', 'city-urls', cityId] as const;

/** GET /api/admin/cities/:id/urls. */
function getCityUrls(cityId: string, signal?: AbortSignal): Promise<CityUrl[]> {
  return api.get(apiPaths.adminCityUrls(cityId), cityUrlListSchema, { signal });
}

export function useCityUrls(cityId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: cityUrlsKey(cityId ?? ''), queryFn: ({ signal }) => getCityUrls(cityId ?? '', signal) }),
    enabled: cityId !== null,
  });
}

const toBody = (form: UrlForm) => ({ ...form, title: form.title.trim() || null, url: form.url.trim() });

function createCityUrl(cityId: string, form: UrlForm): Promise<CityUrl> {
  return api.post(apiPaths.adminCityUrls(cityId), toBody(form), cityUrlSchema);
}

function updateCityUrl(id: string, form: UrlForm): Promise<CityUrl> {
  return api.patch(apiPaths.adminUrl(id), toBody(form), cityUrlSchema);
}

/** DELETE /api/admin/urls/:id: the link rows, then the URL. */
function deleteCityUrl(id: string): Promise<void> {
  return api.delete(apiPaths.adminUrl(id));
}

export function useCityUrlMutations(cityId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: cityUrlsKey(cityId) });
  return {
    create: useMutation({ mutationFn: (form: UrlForm) => createCityUrl(cityId, form), onSuccess }),
    update: useMutation({ mutationFn: ({ id, form }: { id: string; form: UrlForm }) => updateCityUrl(id, form), onSuccess }),
    remove: useMutation({ mutationFn: deleteCityUrl, onSuccess }),
  };
}
