import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { LetterFilter, type LetterFilterProps } from './letter-filter.js';

/**
 * The filter bar of the directories (spec §2 screens 7, 16 and 18): a row of fields (search,
 * selects, buttons) laid out in the given md: grid columns, above the letter buttons.
 */
export function FilterBar({ columns, letters, children }: { columns: string; letters: LetterFilterProps; children: ReactNode }) {
  return (
    <section aria-label="Filters" className="mb-6 grid gap-4 rounded-lg border border-line bg-paper-muted p-4">
      <div className={cn('grid gap-4 md:items-end', columns)}>{children}</div>
      <LetterFilter {...letters} />
    </section>
  );
}
