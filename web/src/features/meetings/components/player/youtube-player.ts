import { embedUrl } from '../../../../../../core/domain/youtube-url.js';
import type { MeetingPlayer, MountOptions, PlayerAdapter } from '../../../../lib/player-adapter.js';

/** The slice of the platform's iframe player API we use (https://developers.google.com/youtube/iframe_api_reference). */
interface YtPlayer {
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  getCurrentTime(): number;
  destroy(): void;
}
interface YtNamespace {
  Player: new (frame: HTMLIFrameElement, options: { events: { onReady: () => void } }) => YtPlayer;
}
type YtWindow = Window & { YT?: YtNamespace; onYouTubeIframeAPIReady?: () => void };

const API_SCRIPT = 'https://www.youtube.com/iframe_api';
/** An API that has not answered by then is taken as blocked: the plain embed carries on. */
const API_WAIT_MS = 10_000;

let api: Promise<YtNamespace> | null = null;

/** Loads the platform's player API once per page; rejects when it cannot (offline, blocked). */
function loadApi(): Promise<YtNamespace> {
  api ??= new Promise<YtNamespace>((resolve, reject) => {
    const win = window as YtWindow;
    if (win.YT?.Player) return resolve(win.YT);
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (win.YT) resolve(win.YT);
    };
    const script = document.createElement('script');
    script.src = API_SCRIPT;
    script.async = true;
    script.onerror = () => reject(new Error('The video player API could not be loaded'));
    document.head.append(script);
    setTimeout(() => reject(new Error('The video player API did not answer')), API_WAIT_MS);
  }).catch((error: unknown) => {
    api = null;
    throw error;
  });
  return api;
}

function frameSource(videoId: string, startSeconds: number, autoplay: boolean): string {
  const url = new URL(embedUrl(videoId, startSeconds) ?? `https://www.youtube.com/embed/${videoId}`);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', window.location.origin);
  url.searchParams.set('rel', '0');
  if (autoplay) url.searchParams.set('autoplay', '1');
  return url.href;
}

/**
 * The platform's embed in an iframe, then its player API attached to that iframe. Until the
 * API is ready, or when it never is, a seek reloads the embed at that second with its `start`
 * parameter: the reader still lands on the moment, only the line-following needs the API.
 */
export const youtubePlayer: PlayerAdapter = {
  mount(host: HTMLElement, { videoId, startSeconds, title }: MountOptions): MeetingPlayer {
    const frame = document.createElement('iframe');
    frame.src = frameSource(videoId, startSeconds, false);
    frame.title = title;
    frame.className = 'h-full w-full';
    frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.allowFullscreen = true;
    host.append(frame);

    let player: YtPlayer | null = null;
    let lastAsked = startSeconds;
    let destroyed = false;
    loadApi().then(
      (YT) => {
        if (destroyed) return;
        const candidate = new YT.Player(frame, { events: { onReady: () => (player = destroyed ? null : candidate) } });
      },
      () => undefined,
    );

    return {
      seekTo(seconds) {
        lastAsked = seconds;
        if (player) {
          player.seekTo(seconds, true);
          player.playVideo();
        } else {
          frame.src = frameSource(videoId, seconds, true);
        }
      },
      currentTime: () => (player ? player.getCurrentTime() : lastAsked),
      destroy() {
        destroyed = true;
        player?.destroy();
        player = null;
        frame.remove();
      },
    };
  },
};
