import type { NewsroomView } from '@domain/newsroom.js';
import { Badge } from '@/components/ui/badge.js';
import { formatDateTime } from '@domain/format.js';

const STATES: Record<NewsroomView['state'], { label: string; tone: 'success' | 'yellow' | 'grey' }> = {
  none: { label: 'No story', tone: 'grey' },
  published: { label: 'Published', tone: 'success' },
  draft: { label: 'Draft only', tone: 'yellow' },
  published_with_draft: { label: 'Published, draft waiting', tone: 'yellow' },
};

/** One line of where the story stands: published or not, edited by a person, reviewed by whom. */
export function StoryStatus({ view }: { view: NewsroomView }) {
  const state = STATES[view.state];
  const notes = [
    view.edited_at ? `Edited by a person ${formatDateTime(view.edited_at)}` : null,
    view.reviewed_at ? `Reviewed${view.reviewed_by ? ` by ${view.reviewed_by}` : ''} ${formatDateTime(view.reviewed_at)}` : null,
    view.corrections.length > 0 ? `${view.corrections.length} correction note${view.corrections.length === 1 ? '' : 's'}` : null,
  ].filter((note): note is string => note !== null);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
      <Badge tone={state.tone}>{state.label}</Badge>
      {notes.map((note) => (
        <span key={note}>{note}</span>
      ))}
    </div>
  );
}
