import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { z } from 'zod/mini';
import { draftRowSchema, newsroomViewSchema, type DecisionEdit, type StoryEdit } from '@domain/newsroom.js';
import { DRAFTS_KEY, useNewsroomWrite } from '@/lib/api/newsroom-view.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/**
 * The newsroom's API (issue 24): a meeting's story as editors see it (published, draft, history),
 * and the writes that change it. Every write answers with the new view, which replaces the cached one.
 * The read and the approval live in lib/api/newsroom-view.ts, because the public story page uses
 * them too (an admin approves a draft there); they are exported here as well so the admin screens
 * take the whole newsroom API from this file.
 */
export { newsroomKey, useApproveStory, useNewsroomView } from '@/lib/api/newsroom-view.js';

/** GET /api/admin/drafts: stories waiting for review, oldest first. */
export function useDrafts() {
  return useQuery(queryOptions({ queryKey: DRAFTS_KEY, queryFn: ({ signal }) => api.get(apiPaths.adminDrafts(), z.array(draftRowSchema), { signal }) }));
}

/** PUT /api/admin/videos/:id/story: saves the draft when one waits, otherwise the published story. */
export function useEditStory(videoId: string) {
  return useNewsroomWrite(videoId, (edit: StoryEdit) => api.put(apiPaths.adminVideoStory(videoId), edit, newsroomViewSchema));
}

/** PATCH /api/admin/videos/:id/decisions/:index. */
export function useEditDecision(videoId: string) {
  return useNewsroomWrite(videoId, ({ index, ...edit }: DecisionEdit) => api.patch(apiPaths.adminVideoDecision(videoId, index), edit, newsroomViewSchema));
}
