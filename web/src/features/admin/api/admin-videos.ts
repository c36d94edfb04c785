import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { adminVideoListSchema, adminVideoSchema, type AdminVideo, type AdminVideoRow } from '@domain/admin.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

export interface VideoFilter {
  cityId?: string | undefined;
  urlId?: string | undefined;
  /** Spec §7: the Story Manager lists by published date, content management by creation. */
  order: 'published' | 'created';
}

export interface VideoEdit {
  title: string;
  description: string;
  transcript: string;
}

const ADMIN_VIDEOS_KEY = ['admin', 'videos'] as const;
const adminVideoKey = (id: string) => ['admin', 'video', id] as const;

/** GET /api/admin/videos. */
function getAdminVideos(filter: VideoFilter, signal?: AbortSignal): Promise<AdminVideoRow[]> {
  return api.get(apiPaths.adminVideos(), adminVideoListSchema, { query: { ...filter }, signal });
}

/** Spec §7: video queries retry once and are not cached. */
export function useAdminVideos(filter: VideoFilter, enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: [...ADMIN_VIDEOS_KEY, filter], queryFn: ({ signal }) => getAdminVideos(filter, signal) }),
    enabled,
    retry: 1,
    gcTime: 0,
  });
}

/** GET /api/admin/videos/:id: the whole video with its stages. */
function getAdminVideo(id: string, signal?: AbortSignal): Promise<AdminVideo> {
  return api.get(apiPaths.adminVideo(id), adminVideoSchema, { signal });
}

export function useAdminVideo(id: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: adminVideoKey(id ?? ''), queryFn: ({ signal }) => getAdminVideo(id ?? '', signal) }),
    enabled: id !== null,
    retry: 1,
    gcTime: 0,
  });
}

/** After any change to a video: its lists, its details and the pipeline figures are read again. */
export function useRefreshVideos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_VIDEOS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'video'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'pipeline'] }),
    ]);
}

function updateVideo(id: string, edit: VideoEdit): Promise<AdminVideo> {
  const body = { title: edit.title.trim() || null, description: edit.description.trim() || null, transcript: edit.transcript.trim() || null };
  return api.patch(apiPaths.adminVideo(id), body, adminVideoSchema);
}

function deleteVideo(id: string): Promise<void> {
  return api.delete(apiPaths.adminVideo(id));
}

export function useVideoMutations() {
  const refresh = useRefreshVideos();
  return {
    update: useMutation({ mutationFn: ({ id, edit }: { id: string; edit: VideoEdit }) => updateVideo(id, edit), onSuccess: () => refresh() }),
    remove: useMutation({ mutationFn: deleteVideo, onSuccess: () => refresh() }),
  };
}
