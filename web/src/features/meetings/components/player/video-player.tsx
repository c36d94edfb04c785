import { useEffect, useRef, useState } from 'react';
import { usePlayerAdapter } from '@/lib/player-adapter.js';
import { usePlayback } from '@/lib/playback.js';
import { VideoPoster } from './video-poster.js';
import { youtubePlayer } from './youtube-player.js';

/**
 * The meeting's 16:9 player, attached to the page's playback so lines and highlights can seek
 * it. When the video cannot play, a poster says why in the same box and the page's playback
 * carries on without a player (lines still highlight and move `?t=`).
 */
export function VideoPlayer({ videoId, title }: { videoId: string; title: string }) {
  const adapter = usePlayerAdapter(youtubePlayer);
  const playback = usePlayback();
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!host.current) return;
    setProblem(null);
    const player = adapter.mount(host.current, {
      videoId,
      startSeconds: playback.startSeconds,
      title,
      onUnavailable: (reason) => {
        playback.attach(null);
        setProblem(reason);
      },
    });
    playback.attach(player);
    return () => {
      playback.attach(null);
      player.destroy();
    };
  }, [adapter, playback, videoId, title]);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-ink">
      <div ref={host} data-testid="video-player" hidden={problem !== null} className="h-full w-full [&>iframe]:h-full [&>iframe]:w-full" />
      {problem !== null && <VideoPoster videoId={videoId} reason={problem} seconds={Math.floor(playback.currentMs() / 1000)} />}
    </div>
  );
}
