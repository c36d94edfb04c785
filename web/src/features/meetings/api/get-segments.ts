import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { meetingSegmentsSchema, type MeetingSegment } from '@domain/meeting.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/** GET /api/videos/:id/segments: the timed transcript, in order (empty without one). */
async function getSegments(videoId: string, signal?: AbortSignal): Promise<MeetingSegment[]> {
  return (await api.get(apiPaths.videoSegments(videoId), meetingSegmentsSchema, { signal })).segments;
}

function getSegmentsQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: ['videos', videoId, 'segments'],
    queryFn: ({ signal }) => getSegments(videoId, signal),
    ...videoQuerySettings,
  });
}

export function useSegments(videoId: string, enabled = true) {
  return useQuery({ ...getSegmentsQueryOptions(videoId), enabled });
}
