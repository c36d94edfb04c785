import { cn } from '@/lib/cn.js';
import { sendEvent } from '../api/send-event.js';
import { ENTITY_LABELS, ENTITY_TYPES, type EntityType } from '../showcase-data.js';

/** All / City / School / County toggle buttons; each choice is an entity_filter_click event. */
export function EntityFilter({ value, onChange, demo }: { value: EntityType | 'all'; onChange: (next: EntityType | 'all') => void; demo: string }) {
  const options = ['all', ...ENTITY_TYPES] as const;
  return (
    <div role="group" aria-label="Filter by entity" className="flex flex-wrap gap-1.5">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => {
            sendEvent('entity_filter_click', { demo, entity_type: option });
            onChange(option);
          }}
          className={cn(
            'h-9 rounded-md border px-3 text-sm font-medium',
            value === option ? 'border-accent bg-accent text-white' : 'border-line bg-white text-ink hover:bg-paper-muted',
          )}
        >
          {option === 'all' ? 'All' : ENTITY_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
