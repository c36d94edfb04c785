import { useMutation } from '@/lib/query/use-mutation.js';
import ExternalLink from 'lucide-react/icons/external-link';
import FileText from 'lucide-react/icons/file-text';
import Pencil from 'lucide-react/icons/pencil';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash';
import Wand2 from 'lucide-react/icons/wand-sparkles';
import { useMemo, useState, type ReactNode } from 'react';
import type { AdminVideo, LlmTotals } from '@domain/admin.js';
import { watchUrl } from '@domain/youtube-watch.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { cn } from '@/lib/cn.js';
import { formatDate } from '@domain/format.js';
import { paths } from '@/lib/paths.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { AnalysisSections } from '@/components/meeting/analysis-sections.js';
import { createPlayback, momentUrl, PlaybackContext } from '@/lib/playback.js';
import { readAnalysis } from '@/lib/read-analysis.js';
import { useRefreshVideos, useVideoMutations } from '../api/admin-videos.js';
import { fetchTranscript, runAnalysis } from '../api/functions.js';
import { useNewsroomView } from '../api/newsroom.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { EditVideoDialog } from './edit-video-dialog.js';
import { DecisionsEditor } from './decisions-editor.js';
import { StoryDesk } from './story-desk.js';
import { StoryHistory } from './story-history.js';
import { useGenerateStory } from './use-generate-story.js';
import { VideoPipeline } from './video-pipeline.js';
import { ANALYSIS_DONE_MESSAGE, ANALYSIS_FAILED_MESSAGE, FETCH_TRANSCRIPT_FAILED, NO_ANALYSIS_MESSAGE, NO_ANALYSIS_YET, NO_TRANSCRIPT_MESSAGE, NO_TRANSCRIPT_YET } from '@domain/messages.js';


function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h3">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The selected video's cards (spec §2 screen 15) and what staff can do to it. */
export function VideoWorkbench({ video, llm, onDeleted }: { video: AdminVideo; llm: LlmTotals | null; onDeleted: () => void }) {
  const refresh = useRefreshVideos();
  const { remove } = useVideoMutations();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const transcript = useMutation({
    mutationFn: () => fetchTranscript(video.id),
    onSuccess: () => toastSuccess('Transcript fetched and saved successfully'),
    onError: (error) => toastError(FETCH_TRANSCRIPT_FAILED, error.message),
    onSettled: () => refresh(),
  });
  const analysis = useMutation({
    mutationFn: () => runAnalysis(video.id),
    onSuccess: () => toastSuccess(ANALYSIS_DONE_MESSAGE),
    onError: (error) => toastError(ANALYSIS_FAILED_MESSAGE, error.message),
    onSettled: () => refresh(),
  });
  const story = useGenerateStory();
  const newsroom = useNewsroomView(video.id);
  const parsedAnalysis = readAnalysis(video.analysis_results);
  const decisions = parsedAnalysis?.decisions ?? [];
  const revisions = newsroom.data?.revisions ?? [];
  const meetingHref = paths.meeting.href(video.id);
  // No player here: a highlight's time opens the public meeting page at that second instead.
  const playback = useMemo(
    () => ({ ...createPlayback(0), seek: (seconds: number) => void window.open(momentUrl(meetingHref, seconds), '_blank', 'noopener') }),
    [meetingHref],
  );
  const confirmDelete = () =>
    remove.mutate(video.id, {
      onSuccess: () => {
        toastSuccess('Video deleted successfully');
        setDeleting(false);
        onDeleted();
      },
      onError: (error) => toastError('Error deleting video', error.message),
    });

  return (
    <div className="grid gap-6">
      <Panel
        title="Details"
        action={
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        }
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Field label="Title">{video.title ?? '—'}</Field>
          <Field label="Channel title">{video.channel_title ?? '—'}</Field>
          <Field label="Published">{formatDate(video.published_at) || '—'}</Field>
          <Field label="Video ID">{video.video_id}</Field>
          <Field label="Description" className="sm:col-span-2">
            {/* A long description scrolls: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
            <span
              role="region"
              aria-label="Video description"
              tabIndex={0}
              className="block max-h-40 overflow-y-auto whitespace-pre-line focus-visible:outline-2 focus-visible:outline-accent"
            >
              {video.description || '—'}
            </span>
          </Field>
        </dl>
        <a className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline" href={watchUrl(video.video_id)} target="_blank" rel="noreferrer">
          Watch on YouTube <ExternalLink aria-hidden className="size-4" />
        </a>
      </Panel>

      <Panel
        title="Transcript"
        action={
          <Button size="sm" variant="secondary" onClick={() => transcript.mutate()} disabled={transcript.isPending}>
            <FileText aria-hidden /> {transcript.isPending ? 'Fetching...' : 'Fetch Transcript'}
          </Button>
        }
      >
        {video.transcript ? (
          <p className="max-h-80 overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap text-ink" tabIndex={0} aria-label="Transcript text">
            {video.transcript}
          </p>
        ) : (
          <p className="text-ink-muted">{NO_TRANSCRIPT_YET}</p>
        )}
      </Panel>

      <Panel
        title="Analysis"
        action={
          <Button size="sm" variant="secondary" onClick={() => analysis.mutate()} disabled={analysis.isPending || !video.transcript} title={video.transcript ? undefined : NO_TRANSCRIPT_MESSAGE}>
            <Wand2 aria-hidden /> {analysis.isPending ? 'Analyzing...' : 'Run Analysis'}
          </Button>
        }
      >
        {!video.transcript && <p className="mb-3 text-sm text-ink-muted">{NO_TRANSCRIPT_MESSAGE}</p>}
        {parsedAnalysis ? (
          <div className="grid max-h-[36rem] gap-6 overflow-y-auto">
            <PlaybackContext.Provider value={playback}>
              <AnalysisSections analysis={parsedAnalysis} pathname={meetingHref} />
            </PlaybackContext.Provider>
          </div>
        ) : (
          <p className="text-ink-muted">{NO_ANALYSIS_YET}</p>
        )}
      </Panel>

      <Panel
        title="Story"
        action={
          <Button size="sm" variant="secondary" onClick={() => story.generate(video.id)} disabled={story.pending || !parsedAnalysis} title={parsedAnalysis ? undefined : NO_ANALYSIS_MESSAGE}>
            <Sparkles aria-hidden /> {story.pending ? 'Generating...' : 'Generate Story'}
          </Button>
        }
      >
        {!parsedAnalysis && <p className="mb-3 text-sm text-ink-muted">{NO_ANALYSIS_MESSAGE}</p>}
        <StoryDesk video={video} meetingHref={meetingHref} />
      </Panel>

      {decisions.length > 0 && (
        <Panel title="Decisions">
          <DecisionsEditor videoId={video.id} decisions={decisions} />
        </Panel>
      )}

      {revisions.length > 0 && (
        <Panel title="History">
          <StoryHistory revisions={revisions} />
        </Panel>
      )}

      <Panel title="Pipeline">
        <VideoPipeline video={video} llm={llm} />
      </Panel>

      <EditVideoDialog video={editing ? video : null} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title="Delete this video?"
        description={`${video.title ?? video.video_id} is deleted with its transcript, analysis and story.`}
        confirmLabel="Delete Video"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
      {story.confirmDialog}
    </div>
  );
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}
