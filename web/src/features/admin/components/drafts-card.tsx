import FilePenLine from 'lucide-react/icons/file-pen-line';
import { useId } from 'react';
import { Link } from '@/lib/router/index.js';
import type { DraftRow } from '@domain/newsroom.js';
import { Badge } from '@/components/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { Spinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { useDrafts } from '../api/newsroom.js';
import { formatDateTime } from '@domain/format.js';


function DraftLine({ draft }: { draft: DraftRow }) {
  const title = draft.title ?? draft.video_id;
  return (
    <li className="flex flex-col gap-1 border-b border-line pb-3 last:border-b-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <Link to={paths.admin.storyPlayground.href(draft.id)} className="min-w-0 font-medium break-words text-accent underline-offset-4 hover:underline">
        {title}
      </Link>
      <span className="shrink-0 text-sm text-ink-muted">
        {draft.city ?? 'No city'}
        {draft.draft_generated_at && (
          <>
            {' · waiting since '}
            <time dateTime={draft.draft_generated_at}>{formatDateTime(draft.draft_generated_at)}</time>
          </>
        )}
      </span>
    </li>
  );
}

function DraftList() {
  const drafts = useDrafts();
  if (drafts.isPending) return <Spinner label="Loading drafts..." />;
  if (drafts.isError) return <LoadFailed message="Could not load the drafts." onRetry={() => void drafts.refetch()} retrying={drafts.isFetching} />;
  if (drafts.data.length === 0) return <p className="text-ink-muted">No drafts are waiting for review.</p>;
  return (
    <>
      <p className="mb-3 text-sm text-ink-muted">
        <Badge tone="yellow" className="mr-2">
          {drafts.data.length} waiting
        </Badge>
        Oldest first. Readers see none of them until an editor approves.
      </p>
      <ol aria-label="Drafts waiting for review" className="grid gap-3">
        {drafts.data.map((draft) => (
          <DraftLine key={draft.id} draft={draft} />
        ))}
      </ol>
    </>
  );
}

/** Issue 24: stories of cities that publish after review, waiting for an editor, each opening in the Story Manager. */
export function DraftsCard() {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <FilePenLine aria-hidden className="size-5 text-ink-muted" />
          Drafts waiting for review
        </CardTitle>
        <CardDescription>New stories of cities that publish after an editor's review.</CardDescription>
      </CardHeader>
      <CardContent>
        <DraftList />
      </CardContent>
    </Card>
  );
}
