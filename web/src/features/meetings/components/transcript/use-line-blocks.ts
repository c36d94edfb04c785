import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Lines per block: the unit rendered at once. */
const LINES_PER_BLOCK = 50;
/** A placeholder's height per line until its block is rendered (a short line wraps once or twice). */
const ESTIMATED_LINE_PX = 46;
/** Blocks this far below or above the visible part are rendered ahead of the scroll. */
const AHEAD = '1200px 0px';

export interface LineBlock {
  from: number;
  to: number;
  shown: boolean;
  height: number;
}

type Align = 'nearest' | 'center';

/**
 * A long transcript (3,000 lines for a three-hour meeting) is rendered a block of lines at a
 * time: blocks near the visible part of the scroller, and those holding lines in `keep` (the
 * tab stop, the spoken line), appear; the rest are placeholders of an estimated height. A
 * block once shown stays (the browser's scroll anchoring absorbs the height difference).
 * `reveal` scrolls a line into view, rendering its block first.
 */
export function useLineBlocks(count: number, keep: number[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const pending = useRef<{ index: number; align: Align } | null>(null);
  const [, setTick] = useState(0);

  const show = useCallback((block: number) => {
    setShown((before) => (before.has(block) ? before : new Set(before).add(block)));
  }, []);

  const keepKey = keep.join(',');
  useEffect(() => {
    for (const index of keepKey.split(',').map(Number)) if (index >= 0) show(Math.floor(index / LINES_PER_BLOCK));
  }, [keepKey, show]);

  const blocks = useMemo<LineBlock[]>(() => {
    const list: LineBlock[] = [];
    for (let from = 0; from < count; from += LINES_PER_BLOCK) {
      const to = Math.min(from + LINES_PER_BLOCK, count);
      list.push({ from, to, shown: shown.has(from / LINES_PER_BLOCK), height: (to - from) * ESTIMATED_LINE_PX });
    }
    return list;
  }, [count, shown]);

  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const from = Number((entry.target as HTMLElement).dataset.block);
          if (entry.isIntersecting) show(from / LINES_PER_BLOCK);
        }
      },
      { root, rootMargin: AHEAD },
    );
    for (const placeholder of root.querySelectorAll('[data-block]')) observer.observe(placeholder);
    return () => observer.disconnect();
  }, [blocks, show]);

  // A reveal asked for a line whose block was not rendered yet scrolls once it is.
  useLayoutEffect(() => {
    const wanted = pending.current;
    const root = scroller.current;
    if (!wanted || !root) return;
    const line = root.querySelector<HTMLElement>(`li[data-index="${wanted.index}"]`);
    if (!line) return;
    pending.current = null;
    const top = line.offsetTop;
    const bottom = top + line.offsetHeight;
    if (wanted.align === 'center') root.scrollTop = top - root.clientHeight / 2 + line.offsetHeight / 2;
    else if (top < root.scrollTop || bottom > root.scrollTop + root.clientHeight) root.scrollTop = top - root.clientHeight / 3;
  });

  const reveal = useCallback(
    (index: number, align: Align) => {
      pending.current = { index, align };
      show(Math.floor(index / LINES_PER_BLOCK));
      // Re-render even when the block is already shown, so the layout effect above runs.
      setTick((tick) => tick + 1);
    },
    [show],
  );

  return { scroller, blocks, reveal };
}
