import type { AnalysisResults } from '@domain/analysis.js';
import { formatDay } from '@domain/format.js';
import { previewOf } from './story-manager-rules.js';

/** The Story Manager's look at an analysis: its summary, 3 highlights and 3 action items (spec §2 screen 17, §9). */
export function AnalysisPreview({ analysis }: { analysis: AnalysisResults }) {
  const highlights = previewOf(analysis.highlights);
  const actions = previewOf(analysis.action_items);
  return (
    <div className="grid gap-4 text-sm">
      <p className="leading-relaxed text-ink">{analysis.summary}</p>
      <div>
        <h4 className="font-semibold text-ink">Key Highlights</h4>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-ink">
          {highlights.shown.map((highlight, index) => (
            <li key={index}>
              {highlight.timestamp && <span className="text-ink-muted">{highlight.timestamp} </span>}
              {highlight.point_of_interest}
            </li>
          ))}
        </ul>
        {highlights.more && <p className="mt-1 text-ink-muted">{highlights.more}</p>}
      </div>
      <div>
        <h4 className="font-semibold text-ink">Action Items</h4>
        {actions.shown.length === 0 ? (
          <p className="text-ink-muted">None</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-ink">
            {actions.shown.map((item, index) => (
              <li key={index}>
                {item.description}
                {item.responsible_party && <span className="text-ink-muted"> ({item.responsible_party})</span>}
                {(item.deadline ?? item.due_date) && <span className="text-ink-muted"> Deadline: {formatDay(item.deadline ?? item.due_date)}</span>}
              </li>
            ))}
          </ul>
        )}
        {actions.more && <p className="mt-1 text-ink-muted">{actions.more}</p>}
      </div>
    </div>
  );
}
