import CheckCheck from 'lucide-react/icons/check-check';
import type { NewsroomView } from '@domain/newsroom.js';
import { Button } from '@/components/ui/button.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useApproveStory } from '../api/newsroom.js';
import { formatDateTime } from '@domain/format.js';

/**
 * A story its city holds for review (issue 24): what waits, what readers see meanwhile, and the
 * one action that publishes it. The editor above edits the draft, not what readers see.
 */
export function DraftBanner({ view }: { view: NewsroomView }) {
  const approve = useApproveStory(view.video.id);
  if (!view.draft) return null;
  const written = formatDateTime(view.draft.generated_at);
  const publish = () =>
    approve.mutate(view.version, {
      onSuccess: () => toastSuccess('Story published', 'Readers see the approved story now.'),
      onError: (error) => toastError('The draft was not published', error.message),
    });
  return (
    <section aria-labelledby="draft-banner-title" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4">
      <div className="grid gap-1">
        <h3 id="draft-banner-title" className="font-semibold text-amber-950">
          Draft — waiting for review
        </h3>
        <p className="text-sm text-amber-950">
          {written ? `Written ${written}. ` : ''}
          {view.published
            ? 'Readers see the published story until this draft is approved.'
            : 'Readers see no story for this meeting until this draft is approved.'}
        </p>
      </div>
      <Button className="justify-self-start" onClick={publish} disabled={approve.isPending}>
        <CheckCheck aria-hidden /> {approve.isPending ? 'Publishing...' : 'Approve and publish'}
      </Button>
    </section>
  );
}
