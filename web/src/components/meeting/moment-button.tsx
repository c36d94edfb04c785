import Link2 from 'lucide-react/icons/link-2';
import Play from 'lucide-react/icons/play';
import { formatTimestamp } from '@domain/transcript.js';
import { copyMomentLink } from '@/lib/copy-moment.js';
import { usePlayback } from '@/lib/playback.js';

/** A time in the meeting that seeks the player there, e.g. "▶ 12:34". */
export function SeekButton({ ms, label }: { ms: number; label?: string }) {
  const playback = usePlayback();
  const time = formatTimestamp(ms);
  return (
    <button
      type="button"
      onClick={() => playback.seek(Math.floor(ms / 1000))}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-mono text-xs font-semibold text-accent tabular-nums hover:bg-accent-soft"
      aria-label={`Play from ${time}${label ? `: ${label}` : ''}`}
    >
      <Play aria-hidden="true" className="size-3" />
      {time}
    </button>
  );
}

/** "Copy link to this moment": a URL that opens this page at the second. */
export function CopyMomentButton({ ms, pathname }: { ms: number; pathname: string }) {
  const time = formatTimestamp(ms);
  return (
    <button
      type="button"
      onClick={() => void copyMomentLink(pathname, ms / 1000)}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-ink-muted hover:bg-paper-muted hover:text-accent"
      aria-label={`Copy link to this moment (${time})`}
    >
      <Link2 aria-hidden="true" className="size-3.5" />
      Copy link
    </button>
  );
}
