import Quote from 'lucide-react/icons/quote';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge.js';
import { ENTITY_LABELS, TIMELINE, type EntityType, type TimelineItem } from '../showcase-data.js';
import { EntityFilter } from './entity-filter.js';

const IMPORTANCE: Record<TimelineItem['importance_level'], BadgeTone> = { high: 'danger', medium: 'yellow', low: 'grey' };

/** An issue followed across meetings: entity filter, importance, and each item's key quotes on demand. */
export function IssueTimeline() {
  const [entity, setEntity] = useState<EntityType | 'all'>('all');
  const items = TIMELINE.filter((item) => entity === 'all' || item.entity_type === entity);
  return (
    <div className="grid gap-5">
      <EntityFilter value={entity} onChange={setEntity} demo="issue_timeline" />
      <ol className="relative grid gap-5 border-l-2 border-line pl-6">
        {items.map((item) => (
          <li key={item.id} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] size-3 rounded-full border-2 border-white bg-accent" />
            <p className="text-sm text-ink-muted">
              <time dateTime={item.date}>{new Date(`${item.date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}</time>
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <h3 className="font-serif text-lg font-semibold text-ink">{item.title}</h3>
              <Badge tone="accent">{ENTITY_LABELS[item.entity_type]}</Badge>
              <Badge tone={IMPORTANCE[item.importance_level]}>{item.importance_level} importance</Badge>
            </div>
            <p className="mt-1 text-ink">{item.summary}</p>
            {item.key_quotes.length > 0 && (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-accent-strong">Key quotes ({item.key_quotes.length})</summary>
                <ul className="mt-2 grid gap-2">
                  {item.key_quotes.map((quote) => (
                    <li key={quote.text} className="flex gap-2 rounded-md bg-paper-muted p-3 text-sm">
                      <Quote aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                      <span>
                        “{quote.text}” <span className="text-ink-muted">— {quote.speaker}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
