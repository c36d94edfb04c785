import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { apiPaths } from '../../../lib/paths.js';
import { meetingQueryKey } from './get-meeting.js';

/**
 * POST /api/functions/writeTranscriptStory (spec §7). The server writes from the stored
 * analysis; for an admin it replaces an existing story (Regenerate), for anyone else it
 * returns the stored one. On success the meeting is read again (spec §4).
 */
export function generateStory(recordId: string): Promise<void> {
  return api.post(apiPaths.fn('writeTranscriptStory'), { recordId });
}

export function useGenerateStory(videoId: string, handlers: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: string) => generateStory(recordId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meetingQueryKey(videoId) });
      handlers.onSuccess?.();
    },
    onError: (error) => handlers.onError?.(error),
  });
}
