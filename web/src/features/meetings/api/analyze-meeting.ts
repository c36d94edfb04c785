import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { meetingQueryKey } from './get-meeting.js';

/**
 * POST /api/functions/analyzeVideoTranscript (spec §7). The server analyses the stored
 * transcript (single-flight per video), so only the record id is sent; on success the
 * meeting is read again (spec §4: a successful analysis refreshes the video).
 */
function analyzeMeeting(recordId: string): Promise<void> {
  return api.post(apiPaths.fn('analyzeVideoTranscript'), { recordId });
}

export function useAnalyzeMeeting(videoId: string, handlers: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: string) => analyzeMeeting(recordId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meetingQueryKey(videoId) });
      handlers.onSuccess?.();
    },
    onError: (error) => handlers.onError?.(error),
  });
}
