import ExternalLink from 'lucide-react/icons/external-link';
import Newspaper from 'lucide-react/icons/newspaper';
import Sparkles from 'lucide-react/icons/sparkles';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from '@/lib/router/index.js';
import type { MeetingVideo } from '@domain/meeting.js';
import { watchUrl } from '@domain/youtube-watch.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { useAuth } from '@/lib/auth-context.js';
import { useSegments } from '../api/get-segments.js';
import { AnalysisSections } from '@/components/meeting/analysis-sections.js';
import { MeetingHeader, meetingTitle } from '../components/meeting-header.js';
import { ReportErrorButton } from '../components/report-error-button.js';
import { MeetingLoader } from '../components/meeting-loader.js';
import { MeetingDownloads } from '../components/meeting-downloads.js';
import { createPlayback, parseMomentParam, PlaybackContext, replaceMomentInAddress } from '@/lib/playback.js';
import { VideoPlayer } from '../components/player/video-player.js';
import { readAnalysis } from '@/lib/read-analysis.js';
import { TranscriptPanel } from '../components/transcript/transcript-panel.js';
import { NO_TRANSCRIPT_MESSAGE, NO_TRANSCRIPT_YET } from '@domain/messages.js';

// Analysing is wanted on a meeting without an analysis, or by an admin: a visitor reading an
// analysed meeting never downloads it (issue 25).
const AnalyzeButton = lazy(() => import('../components/analyze-button.js').then((m) => ({ default: m.AnalyzeButton })));

/** Spec §5. */

/** 'Analyze Meeting' as it first shows, while its code arrives: same place, same words, not yet pressable. */
function AnalyzeButtonPlaceholder() {
  return (
    <Button disabled>
      <Sparkles aria-hidden="true" />
      Analyze Meeting
    </Button>
  );
}

function UnableToEmbed({ video }: { video: MeetingVideo }) {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-paper-muted p-6 text-center">
      <p className="font-semibold text-ink">Unable to embed video</p>
      <a href={watchUrl(video.video_id)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
        Watch on YouTube
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

function Transcript({ video, pathname }: { video: MeetingVideo; pathname: string }) {
  const segments = useSegments(video.id, Boolean(video.transcript));
  if (!video.transcript) return <p className="rounded-lg border border-line bg-white p-4 text-ink-muted">{NO_TRANSCRIPT_YET}</p>;
  if (segments.isPending) return <Spinner label="Loading transcript..." />;
  if (segments.isError || segments.data.length === 0)
    return (
      <section aria-labelledby="transcript-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="transcript-heading" className="font-serif text-lg font-semibold text-ink">
          Transcript
        </h2>
        <div tabIndex={0} className="mt-2 max-h-[60vh] overflow-y-auto text-sm leading-relaxed whitespace-pre-line text-ink">
          {video.transcript}
        </div>
      </section>
    );
  return <TranscriptPanel segments={segments.data} pathname={pathname} />;
}

function MeetingAnalysis({ video }: { video: MeetingVideo }) {
  const { locationKey } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { isAdmin } = useAuth();
  // One clock per page visit: `?t=` is where the video and the transcript start, and follows each seek.
  const [playback] = useState(() => createPlayback(parseMomentParam(search.get('t')), { onSeek: replaceMomentInAddress }));
  const analysis = useMemo(() => readAnalysis(video.analysis_results), [video.analysis_results]);
  const [analyzing, setAnalyzing] = useState(false);

  const embedId = video.embed_video_id ?? null;
  const storyHref = locationKey ? paths.cityMeetingStory.href(locationKey, video.id) : paths.meetingStory.href(video.id);
  const hasTranscript = Boolean(video.transcript?.trim());
  const actions = (
    <>
      <Link to={storyHref} className={buttonClasses('secondary')}>
        <Newspaper aria-hidden="true" />
        View Story
      </Link>
      <ReportErrorButton videoId={video.id} />
      {(!analysis || isAdmin) && (
        <Suspense fallback={<AnalyzeButtonPlaceholder />}>
          <AnalyzeButton video={video} hasTranscript={hasTranscript} onPendingChange={setAnalyzing} />
        </Suspense>
      )}
    </>
  );

  return (
    <PlaybackContext value={playback}>
      <MeetingHeader video={video} actions={actions} />
      {!hasTranscript && (
        <p id="no-transcript" className="mt-3 text-sm text-ink-muted">
          {NO_TRANSCRIPT_MESSAGE}
        </p>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_1fr] lg:gap-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {embedId ? <VideoPlayer videoId={embedId} title={`Video: ${meetingTitle(video)}`} /> : <UnableToEmbed video={video} />}
        </div>
        {/* After the video on a phone, beside it (and staying in view) on a wide screen. */}
        <div className="min-w-0 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <Transcript video={video} pathname={pathname} />
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-2">
          {video.description && (
            <section aria-labelledby="description" className="rounded-lg border border-line bg-white p-6 shadow-sm">
              <h2 id="description" className="font-serif text-xl font-semibold text-ink">
                Description
              </h2>
              <div tabIndex={0} className="mt-3 max-h-48 overflow-y-auto text-sm leading-relaxed whitespace-pre-line text-ink">
                {video.description}
              </div>
            </section>
          )}
          {analysis ? (
            <AnalysisSections analysis={analysis} pathname={pathname} corrections={video.story_record?.corrections} />
          ) : analyzing ? (
            <div className="rounded-lg border border-line bg-paper-muted p-6">
              <Spinner label="Analyzing this meeting" />
              <p className="mt-2 text-ink">Analyzing this meeting. The summary, highlights and action items appear here when it is done.</p>
            </div>
          ) : (
            <p className="rounded-lg border border-line bg-paper-muted p-6 text-ink-muted">
              {hasTranscript ? 'This meeting has not been analyzed yet.' : 'This meeting has no transcript yet, so it cannot be analyzed.'}
            </p>
          )}
          <MeetingDownloads videoId={video.id} hasTranscript={hasTranscript} hasAnalysis={Boolean(analysis)} />
        </div>
      </div>
    </PlaybackContext>
  );
}

/** Spec §2 screen 10 and §4: a meeting's video, transcript and analysis, analysed on first visit. */
export function MeetingAnalysisRoute() {
  const { videoId = '' } = useParams();
  return (
    <MeetingLoader page="Meeting Analysis">
      {(video) => <MeetingAnalysis key={videoId} video={video} />}
    </MeetingLoader>
  );
}
