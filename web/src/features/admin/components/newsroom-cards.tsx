import ExternalLink from 'lucide-react/icons/external-link';
import { Link } from '@/lib/router/index.js';
import type { AdminVideo } from '@domain/admin.js';
import { buttonClasses } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { paths } from '@/lib/paths.js';
import { readAnalysis } from '@/lib/read-analysis.js';
import { useNewsroomView } from '../api/newsroom.js';
import { DecisionsEditor } from './decisions-editor.js';
import { StoryDesk } from './story-desk.js';
import { StoryHistory } from './story-history.js';

/** The Story Manager's newsroom (issue 24): the story to read, edit or approve, the decisions, the history. */
export function NewsroomCards({ video }: { video: AdminVideo }) {
  const newsroom = useNewsroomView(video.id);
  const decisions = readAnalysis(video.analysis_results)?.decisions ?? [];
  const revisions = newsroom.data?.revisions ?? [];
  // A story held for review is not in news_story yet, and is still this card's to show.
  const hasStory = Boolean(video.news_story) || Boolean(newsroom.data?.draft);
  return (
    <>
      {hasStory && (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle>Generated Story</CardTitle>
            <Link to={paths.story.href(video.id)} className={buttonClasses('secondary', 'sm')}>
              View Story Page <ExternalLink aria-hidden />
            </Link>
          </CardHeader>
          <CardContent>
            <StoryDesk video={video} meetingHref={paths.meeting.href(video.id)} />
          </CardContent>
        </Card>
      )}
      {decisions.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Decisions</CardTitle>
            <CardDescription>What the meeting decided, as the meeting page lists it. Correct a line the analysis got wrong.</CardDescription>
          </CardHeader>
          <CardContent>
            <DecisionsEditor videoId={video.id} decisions={decisions} />
          </CardContent>
        </Card>
      )}
      {revisions.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
          </CardHeader>
          <CardContent>
            <StoryHistory revisions={revisions} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
