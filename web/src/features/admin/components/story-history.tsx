import type { Revision } from '@domain/newsroom.js';
import { formatDateTime } from '@domain/format.js';
import { changedFieldsText, revisionAuthor, revisionTitle } from './revision-words.js';

/** The story's and decisions' history, newest first: who did what, when, and the notes readers see. */
export function StoryHistory({ revisions }: { revisions: readonly Revision[] }) {
  if (revisions.length === 0) return <p className="text-ink-muted">No changes recorded yet.</p>;
  return (
    <ol aria-label="Revisions" className="grid gap-3 text-sm">
      {revisions.map((revision) => (
        <li key={revision.id} className="grid gap-0.5 border-l-2 border-line-strong pl-3">
          <p className="font-medium text-ink">{revisionTitle(revision)}</p>
          <p className="text-ink-muted">
            {formatDateTime(revision.created_at)} · {revisionAuthor(revision)}
          </p>
          {revision.changed.length > 0 && <p className="break-words text-ink">Changed: {changedFieldsText(revision.changed)}</p>}
          {revision.correction_note && <p className="break-words text-ink">Correction note: “{revision.correction_note}”</p>}
        </li>
      ))}
    </ol>
  );
}
