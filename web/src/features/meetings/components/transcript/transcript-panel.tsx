import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronUp from 'lucide-react/icons/chevron-up';
import LocateFixed from 'lucide-react/icons/locate-fixed';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { MeetingSegment } from '@domain/meeting.js';
import { Button } from '@/components/ui/button.js';
import { Input } from '@/components/ui/input.js';
import { copyMomentLink } from '@/lib/copy-moment.js';
import { usePlayback } from '@/lib/playback.js';
import { findMatches, segmentAt } from './segment-at.js';
import { TranscriptLine } from './transcript-line.js';
import { useLineBlocks } from './use-line-blocks.js';

const KEY_STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

/**
 * The timed transcript beside the video: each line seeks the player, the line being spoken
 * follows the video (until the reader scrolls away; 'Follow the video' resumes), a find box
 * steps through matches, and arrow keys move between lines (one tab stop for the whole list).
 */
export function TranscriptPanel({ segments, pathname }: { segments: MeetingSegment[]; pathname: string }) {
  const playback = usePlayback();
  // Seeks and `?t=` are whole seconds: a line starting within that second is the one meant.
  const active = useSyncExternalStore(playback.subscribe, () => segmentAt(segments, playback.currentMs() + 999));
  const [selected, setSelected] = useState(-1);
  const [follow, setFollow] = useState(true);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const matches = useMemo(() => findMatches(segments, query), [segments, query]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const current = matches.length ? matches[Math.min(cursor, matches.length - 1)]! : -1;
  const tabStop = selected >= 0 ? selected : Math.max(active, 0);
  const { scroller, blocks, reveal } = useLineBlocks(segments.length, [tabStop, active]);
  const pendingFocus = useRef<number | null>(null);

  const lineElement = useCallback((index: number) => scroller.current?.querySelector<HTMLElement>(`li[data-index="${index}"]`) ?? null, [scroller]);

  // Focus moved by the arrow keys lands once the line's block is on the page.
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const button = lineElement(pendingFocus.current)?.querySelector('button');
    if (button) {
      pendingFocus.current = null;
      button.focus();
    }
  });

  useEffect(() => {
    if (follow && active >= 0) reveal(active, 'nearest');
  }, [follow, active, reveal]);

  useEffect(() => {
    if (current >= 0) reveal(current, 'center');
  }, [current, reveal]);

  const onSeek = useCallback(
    (index: number) => {
      setSelected(index);
      setFollow(true);
      playback.seek(Math.floor(segments[index]!.start_ms / 1000));
    },
    [playback, segments],
  );
  const onCopy = useCallback((index: number) => void copyMomentLink(pathname, segments[index]!.start_ms / 1000), [pathname, segments]);

  function moveFocus(event: KeyboardEvent<HTMLOListElement>) {
    const from = selected >= 0 ? selected : tabStop;
    let to: number | null = null;
    if (event.key in KEY_STEPS) to = from + KEY_STEPS[event.key]!;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = segments.length - 1;
    if (to === null || !(event.target instanceof HTMLButtonElement)) return;
    event.preventDefault();
    to = Math.min(Math.max(to, 0), segments.length - 1);
    setFollow(false);
    setSelected(to);
    pendingFocus.current = to;
    reveal(to, 'nearest');
  }

  function step(by: number) {
    if (!matches.length) return;
    setFollow(false);
    setCursor((cursor + by + matches.length) % matches.length);
  }

  return (
    <section aria-labelledby="transcript-heading" className="flex min-h-0 flex-col rounded-lg border border-line bg-white">
      <div className="grid gap-3 border-b border-line p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="transcript-heading" className="font-serif text-lg font-semibold text-ink">
            Transcript
          </h2>
          {!follow && (
            <Button variant="ghost" size="sm" onClick={() => setFollow(true)}>
              <LocateFixed aria-hidden="true" />
              Follow the video
            </Button>
          )}
        </div>
        <div className="flex items-center gap-1">
          <label htmlFor="transcript-find" className="sr-only">
            Find in transcript
          </label>
          <Input
            id="transcript-find"
            type="search"
            placeholder="Find in transcript"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setCursor(0);
              setFollow(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              step(event.shiftKey ? -1 : 1);
            }}
            className="h-9 min-w-0 flex-1"
          />
          <span aria-live="polite" className="min-w-16 text-center text-xs text-ink-muted tabular-nums">
            {query.trim() ? (matches.length ? `${Math.min(cursor, matches.length - 1) + 1} of ${matches.length}` : 'No matches') : ''}
          </span>
          <Button variant="ghost" size="icon" aria-label="Previous match" disabled={!matches.length} onClick={() => step(-1)}>
            <ChevronUp aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next match" disabled={!matches.length} onClick={() => step(1)}>
            <ChevronDown aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div
        ref={scroller}
        onWheel={() => setFollow(false)}
        onTouchMove={() => setFollow(false)}
        className="relative max-h-[60vh] overflow-y-auto overscroll-contain p-2 lg:max-h-[calc(100vh-16rem)]"
      >
        <ol aria-label="Transcript lines, each starts the video at its time" onKeyDown={moveFocus} className="grid">
          {blocks.map((block) =>
            block.shown ? (
              segments.slice(block.from, block.to).map((segment, offset) => {
                const index = block.from + offset;
                const previous = segments[index - 1];
                const speaker = segment.speaker && segment.speaker !== previous?.speaker ? segment.speaker : null;
                return (
                  <TranscriptLine
                    key={index}
                    segment={segment}
                    index={index}
                    speaker={speaker}
                    active={index === active}
                    tabbable={index === tabStop}
                    query={matchSet.has(index) ? query : ''}
                    currentMatch={index === current}
                    selected={index === selected}
                    onSeek={onSeek}
                    onFocusLine={setSelected}
                    onCopy={onCopy}
                  />
                );
              })
            ) : (
              <li key={`block-${block.from}`} aria-hidden="true" data-block={block.from} style={{ height: block.height }} />
            ),
          )}
        </ol>
      </div>
    </section>
  );
}
