import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { paginationItems } from '@domain/pagination.js';
import { cn } from '@/lib/cn.js';

const itemClasses = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 text-sm font-medium';

/** Spec §9 pagination: up to 5 page links, an ellipsis, the last page, Previous and Next. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { items, prevDisabled, nextDisabled } = paginationItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        disabled={prevDisabled}
        onClick={() => onPage(page - 1)}
        className={cn(itemClasses, 'border-line bg-white text-ink hover:bg-paper-muted disabled:pointer-events-none disabled:opacity-50')}
      >
        <ChevronLeft aria-hidden="true" className="size-4" /> Previous
      </button>
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
            className={cn(itemClasses, item === page ? 'border-accent bg-accent text-white' : 'border-line bg-white text-ink hover:bg-paper-muted')}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        disabled={nextDisabled}
        onClick={() => onPage(page + 1)}
        className={cn(itemClasses, 'border-line bg-white text-ink hover:bg-paper-muted disabled:pointer-events-none disabled:opacity-50')}
      >
        Next <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
