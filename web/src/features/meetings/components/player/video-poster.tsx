import ExternalLink from 'lucide-react/icons/external-link';
import VideoOff from 'lucide-react/icons/video-off';
import { watchUrl } from '@domain/youtube-watch.js';

/** In the player's box when the video cannot play here: why, in plain words, and the way to YouTube. */
export function VideoPoster({ videoId, reason, seconds }: { videoId: string; reason: string; seconds: number }) {
  return (
    <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-2 overflow-y-auto p-4 text-center text-white sm:gap-3 sm:p-8">
      <VideoOff aria-hidden="true" className="size-6 shrink-0 text-white/80 sm:size-8" />
      <p className="font-serif text-base font-semibold sm:text-xl">This video can't be played here</p>
      <p className="max-w-prose text-sm text-white/85">{reason}</p>
      <a
        href={watchUrl(videoId, seconds > 0 ? seconds : undefined)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-flex items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-paper-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Watch on YouTube
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}
