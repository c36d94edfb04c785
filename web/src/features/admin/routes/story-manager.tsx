import { useMutation } from '@/lib/query/use-mutation.js';
import Sparkles from 'lucide-react/icons/sparkles';
import Wand2 from 'lucide-react/icons/wand-sparkles';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Label } from '@/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import { Spinner } from '@/components/ui/spinner.js';
import { Textarea } from '@/components/ui/textarea.js';
import { cn } from '@/lib/cn.js';
import { formatDate } from '@domain/format.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { AdminOnly } from '@/components/admin-only.js';
import { readAnalysis } from '@/lib/read-analysis.js';
import { useAdminCities } from '../api/admin-cities.js';
import { useAdminVideo, useAdminVideos, useRefreshVideos } from '../api/admin-videos.js';
import { useCityUrls } from '../api/city-urls.js';
import { runAnalysis } from '../api/functions.js';
import { AnalysisPreview } from '../components/analysis-preview.js';
import { NewsroomCards } from '../components/newsroom-cards.js';
import { ALL, chooseCity, chooseSource, chooseVideo, INITIAL_STATE, isSourceFilterDisabled } from '../components/story-manager-rules.js';
import { useGenerateStory } from '../components/use-generate-story.js';
import { ANALYSIS_DONE_MESSAGE, ANALYSIS_FAILED_MESSAGE, FETCH_CITIES_FAILED, FETCH_VIDEOS_FAILED, NO_ANALYSIS_MESSAGE, NO_ANALYSIS_YET, NO_CITY_VIDEOS, NO_TRANSCRIPT_MESSAGE } from '@domain/messages.js';

/** Spec §2 screen 17 (/admin/story-playground). */
function StoryManager() {
  const [search] = useSearchParams();
  // `?videoId=` (from the error-report inbox) opens with that video chosen.
  const [state, setState] = useState(() => ({ ...INITIAL_STATE, videoId: search.get('videoId') }));
  const [context, setContext] = useState('');
  const cities = useAdminCities();
  const cityId = state.cityId === ALL ? null : state.cityId;
  const urls = useCityUrls(cityId);
  const sources = (urls.data ?? []).filter((url) => url.content_type === 'video');
  const videos = useAdminVideos({ cityId: cityId ?? undefined, urlId: state.sourceId === ALL ? undefined : state.sourceId, order: 'published' });
  const video = useAdminVideo(state.videoId);
  const refresh = useRefreshVideos();
  useErrorToast(cities.isError, cities.errorUpdatedAt, FETCH_CITIES_FAILED);
  useErrorToast(videos.isError, videos.errorUpdatedAt, FETCH_VIDEOS_FAILED);

  const analysis = useMutation({
    mutationFn: (id: string) => runAnalysis(id),
    onSuccess: () => toastSuccess(ANALYSIS_DONE_MESSAGE),
    onError: (error) => toastError(ANALYSIS_FAILED_MESSAGE, error.message),
    onSettled: () => refresh(),
  });
  const story = useGenerateStory();
  const current = video.data ?? null;
  const storedAnalysis = current ? readAnalysis(current.analysis_results) : null;

  return (
    <Page title="Story Manager" lead="Generate and manage news stories from meeting videos">
      {/* items-start: the video list keeps its own height however long the story editor beside it grows. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Select Video</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="story-city">City</Label>
              <Select value={state.cityId} onValueChange={(value) => setState((s) => chooseCity(s, value))}>
                <SelectTrigger id="story-city" />
                <SelectContent>
                  <SelectItem value={ALL}>All cities</SelectItem>
                  {cities.data?.map((city) => (
                    <SelectItem key={city.id} value={city.id}>
                      {city.name}, {city.state}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="story-source">Video source</Label>
              <Select value={state.sourceId} onValueChange={(value) => setState((s) => chooseSource(s, value))} disabled={isSourceFilterDisabled(state.cityId, sources.length)}>
                <SelectTrigger id="story-source" />
                <SelectContent>
                  <SelectItem value={ALL}>All sources</SelectItem>
                  {sources.map((source) => (
                    <SelectItem key={source.id} value={source.id}>
                      {source.title ?? source.url}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {videos.isPending ? (
              <Spinner label="Loading videos..." />
            ) : !videos.data?.length ? (
              <p className="text-ink-muted">{cityId ? NO_CITY_VIDEOS : 'No videos found'}</p>
            ) : (
              <ul className="grid max-h-[32rem] gap-1 overflow-y-auto" aria-label="Videos">
                {videos.data.map((row) => (
                  <li key={row.id}>
                    <button
                      type="button"
                      aria-pressed={row.id === state.videoId}
                      onClick={() => setState((s) => chooseVideo(s, row.id))}
                      className={cn('w-full rounded-md px-3 py-2 text-left hover:bg-paper-muted', row.id === state.videoId && 'bg-accent-soft')}
                    >
                      <span className="block font-medium break-words text-ink">{row.title ?? row.video_id}</span>
                      <span className="block text-sm text-ink-muted">
                        {formatDate(row.published_at) || 'Date unknown'} · {row.has_analysis ? 'analysed' : 'not analysed'} · {row.has_story ? 'story' : 'no story'}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          {!state.videoId ? (
            <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">Select a video to analyse it and write its story.</p>
          ) : !current ? (
            <Spinner label="Loading the video..." />
          ) : (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>Step 1: Run Analysis</CardTitle>
                  <CardDescription>{current.title ?? current.video_id}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <Button className="justify-self-start" onClick={() => analysis.mutate(current.id)} disabled={analysis.isPending || !current.transcript}>
                    <Wand2 aria-hidden /> {analysis.isPending ? 'Analyzing...' : 'Run Analysis'}
                  </Button>
                  {!current.transcript && <p className="text-sm text-ink-muted">{NO_TRANSCRIPT_MESSAGE}</p>}
                  {storedAnalysis ? <AnalysisPreview analysis={storedAnalysis} /> : <p className="text-ink-muted">{NO_ANALYSIS_YET}</p>}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Step 2: Generate Story</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <div className="grid gap-1.5">
                    <Label htmlFor="story-context">Additional context for the writer</Label>
                    <Textarea
                      id="story-context"
                      rows={3}
                      value={context}
                      onChange={(event) => setContext(event.target.value)}
                      placeholder="Angle, background or names to get right (optional)"
                      aria-describedby="story-context-hint"
                    />
                    <p id="story-context-hint" className="text-sm text-ink-muted">
                      Steers the writer, for example “Lead with the water rates”. It is never printed in the story.
                    </p>
                  </div>
                  <Button className="justify-self-start" onClick={() => story.generate(current.id, context)} disabled={story.pending || !storedAnalysis}>
                    <Sparkles aria-hidden /> {story.pending ? 'Generating...' : 'Generate Story'}
                  </Button>
                  {!storedAnalysis && <p className="text-sm text-ink-muted">{NO_ANALYSIS_MESSAGE}</p>}
                </CardContent>
              </Card>
              <NewsroomCards video={current} />
              {story.confirmDialog}
            </>
          )}
        </div>
      </div>
    </Page>
  );
}

export function StoryManagerRoute() {
  return (
    <AdminOnly>
      <StoryManager />
    </AdminOnly>
  );
}
