import { FileText, RefreshCw, Sparkles } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MeetingVideo } from '../../../../../core/domain/meeting.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../lib/paths.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useAuth } from '../../../lib/auth-context.js';
import { useGenerateStory } from '../api/generate-story.js';
import { shouldAutoWriteStory, useAutoRun } from '../components/auto-run.js';
import { MeetingHeader } from '../components/meeting-header.js';
import { ReportErrorButton } from '../components/report-error-button.js';
import { MeetingLoader } from '../components/meeting-loader.js';
import { readStory } from '../components/story/read-story.js';
import { EditorsNotes, StoryArticle } from '../../../components/meeting/story-article.js';
import { StorySidebar } from '../../../components/meeting/story-sidebar.js';

/** Spec §5. */
export const NO_ANALYSIS_MESSAGE = 'Analysis results are required to generate a story';

function RegenerateButton({ onConfirm, busy }: { onConfirm: () => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={busy}>
        <RefreshCw aria-hidden="true" />
        Regenerate
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace this story?</DialogTitle>
          <DialogDescription>A new story is written from the meeting's analysis and replaces the one shown here.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Replace story
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MeetingStory({ video }: { video: MeetingVideo }) {
  const { locationKey } = useParams();
  const { isAdmin } = useAuth();
  const story = useMemo(() => readStory(video.news_story), [video.news_story]);
  const hasAnalysis = video.analysis_results != null;
  const generate = useGenerateStory(video.id, {
    onSuccess: () => toastSuccess('Story Generated', 'The news story has been successfully generated.'),
    onError: () => toastError('Error', 'Failed to generate the news story. Please try again.'),
  });
  const { mutate } = generate;
  const start = useCallback(() => mutate(video.id), [mutate, video.id]);
  useAutoRun(shouldAutoWriteStory(video, generate.isPending), video.id, start);

  const meetingHref = locationKey ? paths.cityMeeting.href(locationKey, video.id) : paths.meeting.href(video.id);
  const actions = (
    <>
      <Link to={meetingHref} className={buttonClasses('secondary')}>
        <FileText aria-hidden="true" />
        View Analysis
      </Link>
      <ReportErrorButton videoId={video.id} />
      {/* Replacing a story is staff work: the server ignores it for anyone else. */}
      {story && isAdmin && <RegenerateButton onConfirm={start} busy={generate.isPending} />}
      {!story && (
        <Button onClick={start} disabled={!hasAnalysis || generate.isPending} aria-describedby={hasAnalysis ? undefined : 'no-analysis'}>
          <Sparkles aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate News Story'}
        </Button>
      )}
    </>
  );

  return (
    <>
      <MeetingHeader video={video} heading="News Story" actions={actions} />
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
        {story ? (
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="grid content-start gap-10">
              <StoryArticle story={story} generatedAt={video.story_generated_at} />
              <EditorsNotes story={story} />
            </div>
            <StorySidebar story={story} meetingHref={meetingHref} />
          </div>
        ) : (
          !generate.isPending && (
            <p className="rounded-lg border border-line bg-paper-muted p-6 text-ink-muted">
              {hasAnalysis ? 'No story has been written for this meeting yet.' : 'This meeting has not been analyzed yet, so no story can be written.'}
            </p>
          )
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
