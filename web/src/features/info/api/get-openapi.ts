import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { openApiAnswerSchema, type OpenApiAnswer } from '@domain/openapi-answer.js';
import { api } from '@/lib/api-client.js';

export const OPENAPI_PATH = '/api/openapi.json';

/** GET /api/openapi.json: the public API, as the Developers page lists it. */
function getOpenApi(signal?: AbortSignal): Promise<OpenApiAnswer> {
  return api.get(OPENAPI_PATH, openApiAnswerSchema, { signal });
}

export function useOpenApi() {
  // The document changes with a deploy only.
  return useQuery(queryOptions({ queryKey: ['openapi'], queryFn: ({ signal }) => getOpenApi(signal), staleTime: Infinity }));
}
