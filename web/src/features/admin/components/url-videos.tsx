import { Link } from '@/lib/router/index.js';
import type { CityUrl } from '@domain/admin.js';
import { Badge } from '@/components/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Spinner } from '@/components/ui/spinner.js';
import { formatDate } from '@domain/format.js';
import { paths } from '@/lib/paths.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { useAdminVideos } from '../api/admin-videos.js';
import { FETCH_VIDEOS_FAILED, NO_URL_VIDEOS } from '@domain/messages.js';

/** The videos of the selected URL row (spec §2 screen 14). */
export function UrlVideos({ cityId, url }: { cityId: string; url: CityUrl }) {
  const videos = useAdminVideos({ cityId, urlId: url.id, order: 'created' });
  useErrorToast(videos.isError, videos.errorUpdatedAt, FETCH_VIDEOS_FAILED);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Videos for {url.title ?? url.url}</CardTitle>
        <Link className="text-sm font-medium text-accent hover:underline" to={paths.admin.contentManagement.href({ sourceUrlId: url.id, cityId })}>
          Manage content
        </Link>
      </CardHeader>
      <CardContent>
        {videos.isPending ? (
          <Spinner label="Loading videos..." />
        ) : !videos.data || videos.data.length === 0 ? (
          <p className="text-ink-muted">{NO_URL_VIDEOS}</p>
        ) : (
          <ul className="grid gap-2">
            {videos.data.map((video) => (
              <li key={video.id} className="flex flex-col gap-1 rounded-md border border-line p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-words text-ink">{video.title ?? video.video_id}</p>
                  <p className="text-sm text-ink-muted">{formatDate(video.published_at) || 'Date unknown'}</p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Badge tone={video.has_transcript ? 'success' : 'grey'}>{video.has_transcript ? 'Transcript' : 'No transcript'}</Badge>
                  <Badge tone={video.has_analysis ? 'success' : 'grey'}>{video.has_analysis ? 'Analysed' : 'Not analysed'}</Badge>
                  <Badge tone={video.has_story ? 'success' : 'grey'}>{video.has_story ? 'Story' : 'No story'}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
