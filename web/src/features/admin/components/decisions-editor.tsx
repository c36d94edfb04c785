import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { decisionStartMs, describeDecision, type Decision } from '@domain/decisions.js';
import { formatTimestamp } from '@domain/transcript.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { useNewsroomView } from '../api/newsroom.js';
import { DecisionEditForm } from './decision-edit-form.js';
import { VOTE_KIND_LABELS } from './decision-form.js';

/**
 * What the meeting decided, each line with an Edit button (issue 24). Listed in stored order:
 * the server addresses a decision by its position there.
 */
export function DecisionsEditor({ videoId, decisions }: { videoId: string; decisions: readonly Decision[] }) {
  const view = useNewsroomView(videoId);
  const [open, setOpen] = useState<number | null>(null);
  if (decisions.length === 0) return <p className="text-ink-muted">No decisions recorded for this meeting.</p>;
  return (
    <ol aria-label="Decisions" className="grid divide-y divide-line">
      {decisions.map((decision, index) => (
        <li key={index} className="grid gap-3 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <DecisionLine decision={decision} />
            {open !== index && (
              <Button size="sm" variant="secondary" aria-label={`Edit decision ${index + 1}`} onClick={() => setOpen(index)}>
                <Pencil aria-hidden /> Edit
              </Button>
            )}
          </div>
          {open === index && <DecisionEditForm videoId={videoId} decision={decision} index={index} version={view.data?.version} onDone={() => setOpen(null)} />}
        </li>
      ))}
    </ol>
  );
}

function DecisionLine({ decision }: { decision: Decision }) {
  const at = decisionStartMs(decision);
  return (
    <div className="grid min-w-0 flex-1 gap-1">
      <p className="break-words text-ink">{describeDecision(decision, at === null ? null : formatTimestamp(at))}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        {decision.vote_kind && <Badge tone="grey">{VOTE_KIND_LABELS[decision.vote_kind]}</Badge>}
        {at !== null && <span>Said at {formatTimestamp(at)}</span>}
      </div>
    </div>
  );
}
