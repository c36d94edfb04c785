import { useEffect, useRef } from 'react';
import { usePlayerAdapter } from '../../../../lib/player-adapter.js';
import { usePlayback } from '../../../../lib/playback.js';
import { youtubePlayer } from './youtube-player.js';

/** The meeting's 16:9 player, attached to the page's playback so lines and highlights can seek it. */
export function VideoPlayer({ videoId, title }: { videoId: string; title: string }) {
  const adapter = usePlayerAdapter(youtubePlayer);
  const playback = usePlayback();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const player = adapter.mount(host.current, { videoId, startSeconds: playback.startSeconds, title });
    playback.attach(player);
    return () => {
      playback.attach(null);
      player.destroy();
    };
  }, [adapter, playback, videoId, title]);
  return <div ref={host} data-testid="video-player" className="aspect-video w-full overflow-hidden rounded-lg bg-ink" />;
}
