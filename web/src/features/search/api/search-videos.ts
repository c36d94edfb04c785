import { keepPreviousData, queryOptions, useQuery } from '@/lib/query/use-query.js';
import { searchResponseSchema, type SearchResponseAnswer } from '@domain/search-answer.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/** Results asked for at first and added by each 'Load more', up to the spec's 50. */
export const SEARCH_PAGE = 20;
export const SEARCH_LIMIT = 50;

export interface SearchInput {
  q: string;
  /** A city's location key: that city's meetings only. */
  city?: string | undefined;
  limit: number;
}

/** GET /api/search: meetings whose title, description or transcript match, newest first. */
function searchVideos({ q, city, limit }: SearchInput, signal?: AbortSignal): Promise<SearchResponseAnswer> {
  return api.get(apiPaths.search(), searchResponseSchema, { signal, query: { q, city, limit } });
}

function getSearchQueryOptions(input: SearchInput) {
  return queryOptions({
    queryKey: ['search', input.city ?? null, input.q, input.limit],
    queryFn: ({ signal }) => searchVideos(input, signal),
    ...videoQuerySettings,
  });
}

/** Blank queries are never sent (spec §5); 'Load more' keeps the shown results while the longer list arrives. */
export function useSearchVideos(input: SearchInput) {
  return useQuery({ ...getSearchQueryOptions(input), enabled: input.q.trim() !== '', placeholderData: keepPreviousData });
}
