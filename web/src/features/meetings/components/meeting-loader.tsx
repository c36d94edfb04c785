import type { ReactNode } from 'react';
import { useParams } from '@/lib/router/index.js';
import type { MeetingVideo } from '@domain/meeting.js';
import { Button } from '@/components/ui/button.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { isApiError } from '@/lib/api-client.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useMeeting } from '../api/get-meeting.js';
import { meetingTitle, VideoNotFound } from './meeting-header.js';

/**
 * The meeting of the route's `videoId`: a spinner while it loads, 'Video Not Found' for a 404,
 * a retry view for any other failure, else `children(video)`. `page` names the tab.
 */
export function MeetingLoader({ page, children }: { page: string; children: (video: MeetingVideo) => ReactNode }) {
  const { videoId = '' } = useParams();
  const meeting = useMeeting(videoId);
  const notFound = meeting.isError && isApiError(meeting.error) && meeting.error.status === 404;
  useDocumentTitle(meeting.data ? `${meetingTitle(meeting.data)} | ${page}` : notFound ? 'Video Not Found' : page);
  if (meeting.isPending) return <PageSpinner label="Loading meeting..." />;
  if (notFound) return <VideoNotFound />;
  if (meeting.isError)
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <h1 className="font-serif text-3xl font-bold text-ink">This meeting could not be loaded</h1>
        <p className="mt-3 text-ink-muted">Something went wrong on our side or on the way. Please try again.</p>
        <Button size="lg" className="mt-8" onClick={() => void meeting.refetch()} disabled={meeting.isFetching}>
          {meeting.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">{children(meeting.data)}</div>;
}
