/**
 * Page links of spec §9 (the admin directory's pages). Apart from directory.ts, which the public
 * directory loads up front: it never pages (issue 25's budget).
 */
type PaginationItem = number | 'ellipsis';
export interface Pagination {
  items: PaginationItem[];
  prevDisabled: boolean;
  nextDisabled: boolean;
}

const PAGE_WINDOW = 5;

/**
 * Pagination of spec §9. Up to 5 consecutive page links centred on the current page (shifted
 * to stay inside 1..total), then, when more than 5 pages exist and the last page is outside
 * that window, a last-page link. The ellipsis sits between them only when at least one page is
 * hidden there: for 6 pages the window 1-5 is followed directly by 6, never by "… 6".
 * `current` is clamped into range; zero pages gives no items and both buttons disabled.
 */
export function paginationItems(current: number, totalPages: number): Pagination {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return { items: [], prevDisabled: true, nextDisabled: true };
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const size = Math.min(PAGE_WINDOW, total);
  const first = Math.min(Math.max(1, page - Math.floor(PAGE_WINDOW / 2)), total - size + 1);
  const items: PaginationItem[] = Array.from({ length: size }, (_, i) => first + i);
  const last = first + size - 1;
  if (last < total) {
    if (last < total - 1) items.push('ellipsis');
    items.push(total);
  }
  return { items, prevDisabled: page <= 1, nextDisabled: page >= total };
}
