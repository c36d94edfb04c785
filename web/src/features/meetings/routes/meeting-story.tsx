import { FileText, Sparkles } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.js';
import type { MeetingVideo } from '../../../../../core/domain/meeting.js';
import { STORY_IN_REVIEW } from '../../../../../core/domain/news-story.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { isApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-context.js';
import { paths } from '../../../lib/paths.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useGenerateStory, type StoryWriteResult } from '../api/generate-story.js';
import { shouldAutoWriteStory, useAutoRun } from '../components/auto-run.js';
import { MeetingHeader } from '../components/meeting-header.js';
import { MeetingLoader } from '../components/meeting-loader.js';
import { ReportErrorButton } from '../components/report-error-button.js';
import { readStory } from '../components/story/read-story.js';
import { StoryLayout } from '../components/story/story-layout.js';
import { NO_ANALYSIS_MESSAGE } from '../../../../../core/domain/messages.js';

// Editors' tools, loaded only for an admin who gets them: readers never download them (issue 25).
const DraftReview = lazy(() => import('../components/story/draft-review.js').then((m) => ({ default: m.DraftReview })));
const RegenerateButton = lazy(() => import('../components/story/regenerate-button.js').then((m) => ({ default: m.RegenerateButton })));
const ReplaceEditedDialog = lazy(() => import('../components/story/replace-edited-dialog.js').then((m) => ({ default: m.ReplaceEditedDialog })));

/** Spec §5. */

function announceWritten(result: StoryWriteResult) {
  // A visitor in a city that reviews stories is shown the waiting notice on the page instead.
  if (result.inReview) return;
  if (result.draft) toastSuccess('Draft saved for review', 'Readers keep the published story until an editor approves the new one.');
  else toastSuccess('Story Generated', 'The news story has been successfully generated.');
}

const editedByPerson = (error: Error) => isApiError(error) && error.code === 'CONFLICT';

/** A calm word for a visitor while the story waits (issue 24): nothing is wrong, it is being checked. */
function InReviewNotice({ meetingHref }: { meetingHref: string }) {
  return (
    <div className="rounded-lg border border-line bg-paper-muted p-6">
      <p className="text-ink">{STORY_IN_REVIEW}</p>
      <p className="mt-2 text-sm text-ink-muted">
        Meanwhile, the{' '}
        <Link to={meetingHref} className="font-medium text-accent underline underline-offset-2">
          meeting's summary, decisions and transcript
        </Link>{' '}
        are ready to read.
      </p>
    </div>
  );
}

function MeetingStory({ video }: { video: MeetingVideo }) {
  const { locationKey } = useParams();
  const { isAdmin } = useAuth();
  const story = useMemo(() => readStory(video.news_story), [video.news_story]);
  const record = video.story_record;
  const inReview = record?.in_review === true;
  const hasAnalysis = video.analysis_results != null;
  // A person edited the story: Regenerate asks once more before replacing their work.
  const [askReplaceEdited, setAskReplaceEdited] = useState(false);
  const generate = useGenerateStory(video.id, {
    onSuccess: announceWritten,
    onError: (error) => (editedByPerson(error) ? setAskReplaceEdited(true) : toastError('Error', 'Failed to generate the news story. Please try again.')),
  });
  const { mutate } = generate;
  const start = useCallback(() => mutate({}), [mutate]);
  useAutoRun(shouldAutoWriteStory(video, generate.isPending), video.id, start);

  const meetingHref = locationKey ? paths.cityMeeting.href(locationKey, video.id) : paths.meeting.href(video.id);
  const actions = (
    <>
      <Link to={meetingHref} className={buttonClasses('secondary')}>
        <FileText aria-hidden="true" />
        View Analysis
      </Link>
      <ReportErrorButton videoId={video.id} />
      {/* Replacing a story (or the draft waiting for review) is staff work: the server ignores it for anyone else. */}
      {(story || inReview) && isAdmin && (
        <Suspense fallback={null}>
          <RegenerateButton onConfirm={start} busy={generate.isPending} />
        </Suspense>
      )}
      {!story && !inReview && (
        <Button onClick={start} disabled={!hasAnalysis || generate.isPending} aria-describedby={hasAnalysis ? undefined : 'no-analysis'}>
          <Sparkles aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate News Story'}
        </Button>
      )}
    </>
  );

  const published = story ? (
    <StoryLayout
      story={story}
      generatedAt={video.story_generated_at}
      care={{ reviewedAt: record?.reviewed_at, updatedAt: record?.updated_at }}
      corrections={record?.corrections}
      meetingHref={meetingHref}
      forStaff={isAdmin}
    />
  ) : inReview ? (
    <InReviewNotice meetingHref={meetingHref} />
  ) : (
    !generate.isPending && (
      <p className="rounded-lg border border-line bg-paper-muted p-6 text-ink-muted">
        {hasAnalysis ? 'No story has been written for this meeting yet.' : 'This meeting has not been analyzed yet, so no story can be written.'}
      </p>
    )
  );

  return (
    <>
      <MeetingHeader video={video} heading="News Story" actions={actions} />
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
      {!hasAnalysis && (
        <p id="no-analysis" className="mt-3 text-sm text-ink-muted">
          {NO_ANALYSIS_MESSAGE}
        </p>
      )}
      <div className="mt-10">
        {generate.isPending && (
          <div className="mb-6 rounded-lg border border-line bg-paper-muted p-4">
            <Spinner label="Writing the story" />
            <span className="ml-2 text-ink">Writing the news story from the meeting's analysis...</span>
          </div>
        )}
        {isAdmin && inReview ? (
          <Suspense fallback={<Spinner label="Loading the draft" />}>
            <DraftReview videoId={video.id} meetingHref={meetingHref} fallback={published} />
          </Suspense>
        ) : (
          published
        )}
      </div>
    </>
  );
}

/** Spec §2 screen 11 and §4 (also /story/{id}): the generated news story of a meeting. */
export function MeetingStoryRoute() {
  const { videoId = '' } = useParams();
  return <MeetingLoader page="News Story">{(video) => <MeetingStory key={videoId} video={video} />}</MeetingLoader>;
}
