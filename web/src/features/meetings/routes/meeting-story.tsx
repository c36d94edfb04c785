import FileText from 'lucide-react/icons/file-text';
import Sparkles from 'lucide-react/icons/sparkles';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from '@/lib/router/index.js';
import type { MeetingVideo } from '@domain/meeting.js';
import { STORY_IN_REVIEW } from '@domain/news-story.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { useAuth } from '@/lib/auth-context.js';
import { paths } from '@/lib/paths.js';
import { MeetingHeader } from '../components/meeting-header.js';
import { MeetingLoader } from '../components/meeting-loader.js';
import { ReportErrorButton } from '../components/report-error-button.js';
import { readStory } from '../components/story/read-story.js';
import { StoryLayout } from '../components/story/story-layout.js';
import { NO_ANALYSIS_MESSAGE } from '@domain/messages.js';

// Editors' tools, and the writing of a story, loaded only for an admin or a meeting with no story
// yet: readers of a written story never download them (issue 25).
const DraftReview = lazy(() => import('../components/story/draft-review.js').then((m) => ({ default: m.DraftReview })));
const StoryWriter = lazy(() => import('../components/story/story-writer.js').then((m) => ({ default: m.StoryWriter })));

/** Spec §5. */

/** 'Generate News Story' as it first shows, while its code arrives: same place, same words, not yet pressable. */
function GenerateButtonPlaceholder() {
  return (
    <Button disabled>
      <Sparkles aria-hidden="true" />
      Generate News Story
    </Button>
  );
}

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
  const written = Boolean(story) || inReview;
  const [writing, setWriting] = useState(false);

  const meetingHref = locationKey ? paths.cityMeeting.href(locationKey, video.id) : paths.meeting.href(video.id);
  const actions = (
    <>
      <Link to={meetingHref} className={buttonClasses('secondary')}>
        <FileText aria-hidden="true" />
        View Analysis
      </Link>
      <ReportErrorButton videoId={video.id} />
      {(!written || isAdmin) && (
        <Suspense fallback={written ? null : <GenerateButtonPlaceholder />}>
          <StoryWriter video={video} written={written} isAdmin={isAdmin} onPendingChange={setWriting} />
        </Suspense>
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
    !writing && (
      <p className="rounded-lg border border-line bg-paper-muted p-6 text-ink-muted">
        {hasAnalysis ? 'No story has been written for this meeting yet.' : 'This meeting has not been analyzed yet, so no story can be written.'}
      </p>
    )
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
        {writing && (
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
