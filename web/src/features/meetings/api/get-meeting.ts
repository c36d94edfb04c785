import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { meetingVideoSchema, type MeetingVideo } from '@domain/meeting.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { videoQuerySettings } from '@/lib/query-client.js';

/** GET /api/videos/:id: the meeting with its transcript, analysis, story and city; NOT_FOUND (404) when missing. */
function getMeeting(videoId: string, signal?: AbortSignal): Promise<MeetingVideo> {
  return api.get(apiPaths.video(videoId), meetingVideoSchema, { signal });
}

export const meetingQueryKey = (videoId: string) => ['videos', videoId] as const;

/** A video query: one retry and no cache (spec §7). */
function getMeetingQueryOptions(videoId: string) {
  return queryOptions({ queryKey: meetingQueryKey(videoId), queryFn: ({ signal }) => getMeeting(videoId, signal), ...videoQuerySettings });
}

export function useMeeting(videoId: string) {
  return useQuery(getMeetingQueryOptions(videoId));
}
