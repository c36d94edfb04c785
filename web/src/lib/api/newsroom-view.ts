import { useQueryClient } from '../query/provider.js';
import { useMutation } from '../query/use-mutation.js';
import { queryOptions, useQuery } from '../query/use-query.js';
import { newsroomViewSchema, type NewsroomView } from '@domain/newsroom.js';
import { api } from '../api-client.js';
import { DRAFTS_KEY, newsroomKey } from './newsroom-keys.js';
import { apiPaths } from '../paths.js';

// A meeting's story as editors see it (issue 24), and its approval. Shared: the admin screens use
// it, and so does the public story page, where an admin sees a waiting draft and can publish it.

export { DRAFTS_KEY, newsroomKey } from './newsroom-keys.js';

/** GET /api/admin/videos/:id/story. */
function getNewsroomView(videoId: string, signal?: AbortSignal): Promise<NewsroomView> {
  return api.get(apiPaths.adminVideoStory(videoId), newsroomViewSchema, { signal });
}

export function useNewsroomView(videoId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: newsroomKey(videoId ?? ''), queryFn: ({ signal }) => getNewsroomView(videoId ?? '', signal) }),
    enabled: videoId !== null && videoId !== '',
    gcTime: 0,
  });
}

/** A write that answers with the new view, which replaces the cached one. */
export function useNewsroomWrite<I>(videoId: string, write: (input: I) => Promise<NewsroomView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => client.setQueryData(newsroomKey(videoId), view),
    // The video's public fields (story, analysis) and the drafts queue may have changed too.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'video', videoId] }), client.invalidateQueries({ queryKey: DRAFTS_KEY })]),
  });
}

/** POST /api/admin/videos/:id/story/approve: the draft becomes the published story. */
export function useApproveStory(videoId: string) {
  return useNewsroomWrite(videoId, (version: string | undefined) => api.post(apiPaths.adminVideoStoryApprove(videoId), version ? { version } : {}, newsroomViewSchema));
}
