import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { draftRowSchema, newsroomViewSchema, type DecisionEdit, type DraftRow, type NewsroomView, type StoryEdit } from '../../../../../core/domain/newsroom.js';
import { api } from '../../../lib/api-client.js';
import { apiPaths } from '../../../lib/paths.js';

/**
 * The newsroom's API (issue 24): a meeting's story as editors see it (published, draft, history),
 * and the writes that change it. Every write answers with the new view, which replaces the cached one.
 */
export const newsroomKey = (videoId: string) => ['admin', 'newsroom', videoId] as const;
export const DRAFTS_KEY = ['admin', 'drafts'] as const;

/** GET /api/admin/videos/:id/story. */
export function getNewsroomView(videoId: string, signal?: AbortSignal): Promise<NewsroomView> {
  return api.get(apiPaths.adminVideoStory(videoId), newsroomViewSchema, { signal });
}

export function useNewsroomView(videoId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: newsroomKey(videoId ?? ''), queryFn: ({ signal }) => getNewsroomView(videoId ?? '', signal) }),
    enabled: videoId !== null && videoId !== '',
    gcTime: 0,
  });
}

/** GET /api/admin/drafts: stories waiting for review, oldest first. */
export function useDrafts() {
  return useQuery(queryOptions({ queryKey: DRAFTS_KEY, queryFn: ({ signal }) => api.get(apiPaths.adminDrafts(), z.array(draftRowSchema), { signal }) }));
}

function useNewsroomWrite<I>(videoId: string, write: (input: I) => Promise<NewsroomView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => client.setQueryData(newsroomKey(videoId), view),
    // The video's public fields (story, analysis) and the drafts queue may have changed too.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'video', videoId] }), client.invalidateQueries({ queryKey: DRAFTS_KEY })]),
  });
}

/** PUT /api/admin/videos/:id/story: saves the draft when one waits, otherwise the published story. */
export function useEditStory(videoId: string) {
  return useNewsroomWrite(videoId, (edit: StoryEdit) => api.put(apiPaths.adminVideoStory(videoId), edit, newsroomViewSchema));
}

/** POST /api/admin/videos/:id/story/approve: the draft becomes the published story. */
export function useApproveStory(videoId: string) {
  return useNewsroomWrite(videoId, (version: string | undefined) => api.post(apiPaths.adminVideoStoryApprove(videoId), version ? { version } : {}, newsroomViewSchema));
}

/** PATCH /api/admin/videos/:id/decisions/:index. */
export function useEditDecision(videoId: string) {
  return useNewsroomWrite(videoId, ({ index, ...edit }: DecisionEdit) => api.patch(apiPaths.adminVideoDecision(videoId, index), edit, newsroomViewSchema));
}

/** POST /api/admin/videos/:id/corrections: a correction note with no other change. */
export function useAddCorrection(videoId: string) {
  return useNewsroomWrite(videoId, (note: string) => api.post(apiPaths.adminVideoCorrections(videoId), { note }, newsroomViewSchema));
}

export type { DraftRow, NewsroomView };
