import Sparkles from 'lucide-react/icons/sparkles';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { MeetingVideo } from '@domain/meeting.js';
import { Button } from '@/components/ui/button.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useGenerateStory, type StoryWriteResult } from '@/features/meetings/api/generate-story.js';
import { shouldAutoWriteStory, useAutoRun } from '../auto-run.js';

// Editors' tools, loaded only for an admin who gets them.
const RegenerateButton = lazy(() => import('./regenerate-button.js').then((m) => ({ default: m.RegenerateButton })));
const ReplaceEditedDialog = lazy(() => import('./replace-edited-dialog.js').then((m) => ({ default: m.ReplaceEditedDialog })));

function announceWritten(result: StoryWriteResult) {
  // A visitor in a city that reviews stories is shown the waiting notice on the page instead.
  if (result.inReview) return;
  if (result.draft) toastSuccess('Draft saved for review', 'Readers keep the published story until an editor approves the new one.');
  else toastSuccess('Story Generated', 'The news story has been successfully generated.');
}

const editedByPerson = (error: Error) => isApiError(error) && error.code === 'CONFLICT';

export interface StoryWriterProps {
  video: MeetingVideo;
  /** A story is published, or one waits for review: only an admin may replace it. */
  written: boolean;
  isAdmin: boolean;
  /** Told when writing starts and ends, so the page can say it is under way where the story goes. */
  onPendingChange: (pending: boolean) => void;
}

/**
 * Writing the story (spec §4): by itself when the meeting has an analysis and no story, with
 * 'Generate News Story' to try again, and an admin's 'Regenerate'. Its own module: a reader of
 * a written story never needs it, so the page loads it only when it shows (issue 25).
 */
export function StoryWriter({ video, written, isAdmin, onPendingChange }: StoryWriterProps) {
  const hasAnalysis = video.analysis_results != null;
  // A person edited the story: Regenerate asks once more before replacing their work.
  const [askReplaceEdited, setAskReplaceEdited] = useState(false);
  const generate = useGenerateStory(video.id, {
    onSuccess: announceWritten,
    onError: (error) => (editedByPerson(error) ? setAskReplaceEdited(true) : toastError('Error', 'Failed to generate the news story. Please try again.')),
  });
  const { mutate, isPending } = generate;
  const start = useCallback(() => mutate({}), [mutate]);
  useAutoRun(shouldAutoWriteStory(video, isPending), video.id, start);
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  return (
    <>
      {/* Replacing a story (or the draft waiting for review) is staff work: the server ignores it for anyone else. */}
      {written && isAdmin && (
        <Suspense fallback={null}>
          <RegenerateButton onConfirm={start} busy={isPending} />
        </Suspense>
      )}
      {!written && (
        <Button onClick={start} disabled={!hasAnalysis || isPending} aria-describedby={hasAnalysis ? undefined : 'no-analysis'}>
          <Sparkles aria-hidden="true" />
          {isPending ? 'Generating...' : 'Generate News Story'}
        </Button>
      )}
      {askReplaceEdited && (
        <Suspense fallback={null}>
          <ReplaceEditedDialog
            open
            onCancel={() => setAskReplaceEdited(false)}
            onConfirm={() => {
              setAskReplaceEdited(false);
              mutate({ replaceEdited: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
