import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useState } from 'react';
import { Link, useSearchParams } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { Badge } from '@/components/ui/badge.js';
import { buttonClasses } from '@/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible.js';
import { Spinner } from '@/components/ui/spinner.js';
import { cn } from '@/lib/cn.js';
import { formatDate } from '@domain/format.js';
import { paths } from '@/lib/paths.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { AdminOnly } from '@/components/admin-only.js';
import { useAdminCities } from '../api/admin-cities.js';
import { useAdminVideo, useAdminVideos } from '../api/admin-videos.js';
import { useCityUrls } from '../api/city-urls.js';
import { usePipeline } from '../api/pipeline.js';
import { VideoWorkbench } from '../components/video-workbench.js';
import { CITY_NOT_FOUND, FETCH_VIDEOS_FAILED, NO_CITY_URLS, NO_URL_VIDEOS, NO_VIDEO_DETAILS } from '@domain/messages.js';

/** Spec §2 screen 15: one source's videos (?sourceUrlId=&cityId=) and the selected video's cards. */
function ContentManagement() {
  const [params] = useSearchParams();
  const cityId = params.get('cityId');
  const urlId = params.get('sourceUrlId');
  const [videoId, setVideoId] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const cities = useAdminCities();
  const urls = useCityUrls(cityId);
  const videos = useAdminVideos({ cityId: cityId ?? undefined, urlId: urlId ?? undefined, order: 'created' }, cityId !== null && urlId !== null);
  const video = useAdminVideo(videoId);
  const pipeline = usePipeline({ urlId: urlId ?? undefined });
  useErrorToast(videos.isError, videos.errorUpdatedAt, FETCH_VIDEOS_FAILED);
  useErrorToast(video.isError, video.errorUpdatedAt, NO_VIDEO_DETAILS);
  const city = cities.data?.find((row) => row.id === cityId);
  const source = urls.data?.find((row) => row.id === urlId);

  const back = (
    <Link to={paths.admin.cityManagement.href()} className={buttonClasses('secondary', 'sm', 'mb-6')}>
      <ArrowLeft aria-hidden /> Back to City Management
    </Link>
  );
  if (!cityId || !urlId)
    return (
      <Page title="Content Management">
        {back}
        <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">
          Choose a city and one of its URLs in City Management to manage its videos.
        </p>
      </Page>
    );

  return (
    <Page title="Content Management">
      {back}
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{city ? `${city.name}, ${city.state}` : cities.isPending ? 'Loading...' : CITY_NOT_FOUND}</CardTitle>
        </CardHeader>
        <CardContent>
          {source ? (
            <div className="grid gap-2">
              <p className="font-medium break-words text-ink">{source.title ?? source.url}</p>
              <p className="text-sm break-all text-ink-muted">{source.url}</p>
              <div className="flex flex-wrap gap-1">
                <Badge>Content type: {source.content_type}</Badge>
                <Badge>Source type: {source.source_type}</Badge>
              </div>
            </div>
          ) : (
            <p className="text-ink-muted">{urls.isPending ? 'Loading...' : NO_CITY_URLS}</p>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Collapsible open={open} onOpenChange={setOpen} className="rounded-lg border border-line bg-white">
          <CollapsibleTrigger className="w-full px-4 py-3 text-left font-semibold text-ink">Videos for Source</CollapsibleTrigger>
          <CollapsibleContent className="border-t border-line p-3">
            {videos.isPending ? (
              <Spinner label="Loading videos..." />
            ) : !videos.data || videos.data.length === 0 ? (
              <p className="p-2 text-ink-muted">{NO_URL_VIDEOS}</p>
            ) : (
              <ul className="grid max-h-[40rem] gap-1 overflow-y-auto" aria-label="Videos">
                {videos.data.map((row) => (
                  <li key={row.id}>
                    <button
                      type="button"
                      aria-pressed={row.id === videoId}
                      onClick={() => setVideoId(row.id)}
                      className={cn('w-full rounded-md px-3 py-2 text-left hover:bg-paper-muted', row.id === videoId && 'bg-accent-soft')}
                    >
                      <span className="block font-medium break-words text-ink">{row.title ?? row.video_id}</span>
                      <span className="block text-sm text-ink-muted">{formatDate(row.published_at) || 'Date unknown'}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CollapsibleContent>
        </Collapsible>
        <div>
          {!videoId ? (
            <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">Select a video to see its details.</p>
          ) : video.isPending ? (
            <Spinner label="Loading the video..." />
          ) : !video.data ? (
            <p className="text-ink-muted">{NO_VIDEO_DETAILS}</p>
          ) : (
            <VideoWorkbench
              video={video.data}
              llm={pipeline.data?.videos.find((row) => row.id === video.data.id)?.llm ?? null}
              onDeleted={() => setVideoId(null)}
            />
          )}
        </div>
      </div>
    </Page>
  );
}

export function ContentManagementRoute() {
  return (
    <AdminOnly>
      <ContentManagement />
    </AdminOnly>
  );
}
