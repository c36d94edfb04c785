import { useMutation } from '@/lib/query/use-mutation.js';
import { submissionCreatedSchema, type CityRequestBody } from '@domain/submissions.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** POST /api/city-requests (201): ask for coverage of a city. */
function createCityRequest(body: CityRequestBody): Promise<{ id: string }> {
  return api.post(apiPaths.cityRequests(), body, submissionCreatedSchema);
}

export function useCreateCityRequest() {
  return useMutation({ mutationFn: createCityRequest });
}
