import { useQueryClient } from '@/lib/query/provider.js';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import FilePenLine from 'lucide-react/icons/file-pen-line';
import PencilLine from 'lucide-react/icons/pencil-line';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.js';
import type { NewsroomView } from '@domain/newsroom.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { Spinner } from '@/components/ui/spinner.js';
import { useApproveStory, useNewsroomView } from '@/lib/api/newsroom-view.js';
import { formatDate } from '@domain/format.js';
import { paths } from '@/lib/paths.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { meetingQueryKey } from '@/features/meetings/api/get-meeting.js';
import { readStory } from './read-story.js';
import { StoryLayout } from './story-layout.js';

/** What readers see meanwhile, so the editor knows what approving changes. */
function meanwhile(view: NewsroomView): string {
  return view.published
    ? 'Readers still see the published story until an editor approves this draft.'
    : "Readers see only a notice that this meeting's story is waiting for an editor's review.";
}

function DraftBanner({ view, onApprove, approving }: { view: NewsroomView; onApprove: () => void; approving: boolean }) {
  const written = formatDate(view.draft?.generated_at);
  return (
    <section aria-labelledby="draft-banner" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-5 sm:p-6">
      <h2 id="draft-banner" className="flex items-center gap-2 font-serif text-2xl font-bold text-ink">
        <FilePenLine aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
        Draft — not yet published
      </h2>
      <p className="mt-2 leading-relaxed text-ink">
        {written ? `Written ${written}. ` : ''}
        {meanwhile(view)}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onApprove} disabled={approving}>
          <CheckCircle2 aria-hidden="true" />
          {approving ? 'Publishing...' : 'Approve and publish'}
        </Button>
        <Link to={paths.admin.storyPlayground.href(view.video.id)} className={buttonClasses('secondary')}>
          <PencilLine aria-hidden="true" />
          Edit in Story Manager
        </Link>
      </div>
    </section>
  );
}

/**
 * An admin on the story page of a meeting whose story waits for review (issue 24): the draft,
 * read through the newsroom API (public reads never carry it), under a banner that says it is
 * not published, with the approval and a way to the editor. `fallback` is what shows when
 * there is no draft after all (another editor approved it meanwhile).
 */
export function DraftReview({ videoId, meetingHref, fallback }: { videoId: string; meetingHref: string; fallback: ReactNode }) {
  const view = useNewsroomView(videoId);
  const approve = useApproveStory(videoId);
  const queryClient = useQueryClient();
  if (view.isPending) return <Spinner label="Loading the draft..." />;
  if (view.isError) return <LoadFailed message="The draft could not be loaded." onRetry={() => void view.refetch()} retrying={view.isFetching} />;
  const { draft } = view.data;
  // Approved: the page reads the meeting again and stops showing this.
  if (!draft) return approve.isSuccess ? <Spinner label="Publishing the story..." /> : fallback;

  const publish = () =>
    approve.mutate(view.data.version, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: meetingQueryKey(videoId) });
        toastSuccess('Story published', 'Readers see the approved story from now on.');
      },
      onError: (error) => {
        toastError('Could not publish the story', error.message);
        void view.refetch();
      },
    });
  const story = readStory(draft.story);
  return (
    <div className="grid gap-8">
      <DraftBanner view={view.data} onApprove={publish} approving={approve.isPending} />
      {story ? (
        <StoryLayout story={story} generatedAt={draft.generated_at} meetingHref={meetingHref} forStaff />
      ) : (
        <p className="whitespace-pre-line text-ink">{draft.story}</p>
      )}
    </div>
  );
}
