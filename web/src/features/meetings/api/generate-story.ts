import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client.js';
import { newsroomKey } from '@/lib/api/newsroom-keys.js';
import { apiPaths } from '@/lib/paths.js';
import { meetingQueryKey } from './get-meeting.js';

/**
 * What the call answers (issue 24): in a city whose stories wait for an editor, a visitor gets
 * 202 `{in_review, message}` and never the draft; anyone else gets the story, which an admin's
 * call marks `draft` when it waits for review. The page reads the story from GET afterwards, so
 * only these flags are kept.
 */
const writeAnswerSchema = z.union([
  z.object({ in_review: z.literal(true), message: z.string() }),
  z.object({ article: z.object({ headline: z.string() }), draft: z.optional(z.boolean()) }),
]);

/** An admin confirmed replacing a story a person edited (the server answers CONFLICT until then). */
export interface StoryWriteOptions {
  replaceEdited?: boolean;
}

export type StoryWriteResult = { inReview: true; message: string } | { inReview: false; draft: boolean };

/**
 * POST /api/functions/writeTranscriptStory (spec §7). The server writes from the stored
 * analysis; for an admin it replaces an existing story (Regenerate), for anyone else it
 * returns the stored one. On success the meeting is read again (spec §4).
 */
async function generateStory(recordId: string, options: StoryWriteOptions = {}): Promise<StoryWriteResult> {
  const body = options.replaceEdited ? { recordId, replaceEdited: true } : { recordId };
  const answer = await api.post(apiPaths.fn('writeTranscriptStory'), body, writeAnswerSchema);
  return 'in_review' in answer ? { inReview: true, message: answer.message } : { inReview: false, draft: answer.draft === true };
}

export function useGenerateStory(videoId: string, handlers: { onSuccess?: (result: StoryWriteResult) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: StoryWriteOptions) => generateStory(videoId, options),
    onSuccess: async (result) => {
      // A new draft changes what an admin sees of the story as well as the public record.
      await Promise.all([queryClient.invalidateQueries({ queryKey: meetingQueryKey(videoId) }), queryClient.invalidateQueries({ queryKey: newsroomKey(videoId) })]);
      handlers.onSuccess?.(result);
    },
    onError: (error) => handlers.onError?.(error),
  });
}
