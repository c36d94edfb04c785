import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { meetingSegmentsSchema, type MeetingSegment } from '@domain/meeting.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/**
 * GET /api/videos/:id/segments for the story editor, which checks quotes against them as the
 * editor types. The meetings feature has its own hook; features do not share code (eslint).
 */
function getTranscriptSegments(videoId: string, signal?: AbortSignal): Promise<MeetingSegment[]> {
  return api.get(apiPaths.videoSegments(videoId), meetingSegmentsSchema, { signal }).then((answer) => answer.segments);
}

export function useTranscriptSegments(videoId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['admin', 'segments', videoId], queryFn: ({ signal }) => getTranscriptSegments(videoId, signal), ...videoQuerySettings }),
    enabled,
  });
}
