import Link2 from 'lucide-react/icons/link-2';
import { memo } from 'react';
import { formatTimestamp } from '@domain/transcript.js';
import type { MeetingSegment } from '@domain/meeting.js';
import { cn } from '@/lib/cn.js';
import { splitOnQuery } from './segment-at.js';

export interface TranscriptLineProps {
  segment: MeetingSegment;
  index: number;
  /** The speaker's name when this line starts their turn. */
  speaker: string | null;
  active: boolean;
  tabbable: boolean;
  /** The find box's text when this line matches it, else ''. */
  query: string;
  currentMatch: boolean;
  selected: boolean;
  onSeek: (index: number) => void;
  onFocusLine: (index: number) => void;
  onCopy: (index: number) => void;
}

/** One line of the transcript: a control that seeks the video to the second it was said. */
export const TranscriptLine = memo(function TranscriptLine(props: TranscriptLineProps) {
  const { segment, index, speaker, active, tabbable, query, currentMatch, selected } = props;
  const time = formatTimestamp(segment.start_ms);
  return (
    <li data-index={index} className={cn('relative', speaker && 'pt-3')}>
      {speaker && <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">{speaker}</p>}
      <button
        type="button"
        tabIndex={tabbable ? 0 : -1}
        aria-current={active ? 'time' : undefined}
        onClick={() => props.onSeek(index)}
        onFocus={() => props.onFocusLine(index)}
        className={cn(
          'grid w-full grid-cols-[3.75rem_minmax(0,1fr)] gap-2 rounded-md border-l-4 border-transparent px-2 py-1.5 text-left text-sm leading-relaxed',
          'hover:bg-paper-muted focus-visible:outline-offset-0',
          active && 'border-accent bg-accent-soft hover:bg-accent-soft',
          currentMatch && 'ring-2 ring-accent',
          selected && 'pr-10',
        )}
      >
        <span className="font-mono text-xs leading-6 text-accent tabular-nums">{time}</span>{' '}
        <span className="break-words text-ink">
          {query
            ? splitOnQuery(segment.text, query).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))
            : segment.text}
        </span>
      </button>
      {selected && (
        <button
          type="button"
          onClick={() => props.onCopy(index)}
          className="absolute right-1 bottom-1 rounded-md p-1.5 text-ink-muted hover:bg-white hover:text-accent"
          aria-label={`Copy link to this moment (${time})`}
          title="Copy link to this moment"
        >
          <Link2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
});
