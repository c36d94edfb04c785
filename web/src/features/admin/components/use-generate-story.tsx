import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { useState } from 'react';
import { EDITED_STORY_REGENERATE } from '@domain/newsroom.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useRefreshVideos } from '../api/admin-videos.js';
import { isEditedStoryRefusal, writeStory } from '../api/functions.js';
import { ConfirmDialog } from './confirm-dialog.js';

interface Request {
  id: string;
  context: string;
  replaceEdited?: boolean;
}

/**
 * "Generate Story" for the admin screens. A story a person edited is not replaced without asking
 * (issue 24): the server refuses, and the refusal becomes a question; confirming sends the same
 * request again with replaceEdited.
 */
export function useGenerateStory() {
  const refresh = useRefreshVideos();
  const client = useQueryClient();
  const [asking, setAsking] = useState<Request | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, context, replaceEdited }: Request) => writeStory(id, context, { replaceEdited: replaceEdited === true }),
    onSuccess: ({ draft }) => {
      setAsking(null);
      if (draft) toastSuccess('Story generated', 'It waits for review: readers see it once an editor approves it.');
      else toastSuccess('Story generated successfully');
    },
    onError: (error, request) => {
      if (!request.replaceEdited && isEditedStoryRefusal(error)) return setAsking(request);
      setAsking(null);
      toastError('Story generation failed', error.message);
    },
    onSettled: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: ['admin', 'newsroom'] })]),
  });

  const confirmDialog = (
    <ConfirmDialog
      open={asking !== null}
      title="Replace the edited story?"
      description={EDITED_STORY_REGENERATE}
      confirmLabel="Replace edited story"
      pendingLabel="Generating..."
      pending={mutation.isPending}
      onConfirm={() => asking && mutation.mutate({ ...asking, replaceEdited: true })}
      onCancel={() => setAsking(null)}
    />
  );
  return { generate: (id: string, context = '') => mutation.mutate({ id, context }), pending: mutation.isPending, confirmDialog };
}
