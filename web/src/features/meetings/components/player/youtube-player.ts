import type { MeetingPlayer, MountOptions, PlayerAdapter } from '@/lib/player-adapter.js';
import { loadYoutubeApi, type YtPlayer } from './youtube-api.js';

/** The privacy-enhanced host: no YouTube cookies until the visitor presses play. */
const EMBED_HOST = 'https://www.youtube-nocookie.com';

/** The player API's onError codes in plain words (iframe_api_reference, "onError"). */
const ERROR_REASONS: Record<number, string> = {
  2: 'The link to the video is not valid.',
  5: 'The video cannot be played in this browser.',
  100: 'The video was removed or made private.',
  101: "The video's owner does not allow it to be played on other sites.",
  150: "The video's owner does not allow it to be played on other sites.",
  153: 'YouTube refused to play the video because the page did not identify itself.',
};
const OFFLINE = 'You appear to be offline.';
const API_FAILED = "YouTube's player could not be loaded: the connection may be down, or something in the browser blocks it.";

// YT.PlayerState: before the first play the player reports 0 s, not the `start` it will begin at.
const UNSTARTED = -1;
const CUED = 5;

/**
 * The platform's embed through its IFrame Player API: one iframe for the page visit, seeks go
 * to the live player (never a reload), and the time is asked of it. Until the player is
 * ready, a seek is kept and made once it is; when the video cannot play, `onUnavailable`
 * says why and the page shows its poster instead.
 */
export const youtubePlayer: PlayerAdapter = {
  mount(host: HTMLElement, { videoId, startSeconds, title, onUnavailable }: MountOptions): MeetingPlayer {
    const target = document.createElement('div');
    host.append(target);

    let player: YtPlayer | null = null;
    let candidate: YtPlayer | null = null;
    let pending: number | null = null;
    let lastAsked = startSeconds;
    let done = false;
    const fail = (reason: string) => {
      if (done) return;
      done = true;
      onUnavailable?.(reason);
    };

    if (navigator.onLine === false) {
      queueMicrotask(() => fail(OFFLINE));
    } else {
      loadYoutubeApi().then(
        (YT) => {
          if (done) return;
          candidate = new YT.Player(target, {
            host: EMBED_HOST,
            videoId,
            width: '100%',
            height: '100%',
            playerVars: { start: Math.floor(startSeconds), rel: 0, playsinline: 1, origin: window.location.origin },
            events: {
              onReady: () => {
                if (done || !candidate) return;
                player = candidate;
                const frame = player.getIframe();
                frame.title = title;
                frame.className = 'h-full w-full';
                if (pending !== null) seekLive(player, pending);
                pending = null;
              },
              onError: (event) => fail(ERROR_REASONS[event.data] ?? 'YouTube could not play the video.'),
            },
          });
        },
        () => fail(navigator.onLine === false ? OFFLINE : API_FAILED),
      );
    }

    return {
      seekTo(seconds) {
        lastAsked = seconds;
        if (player) seekLive(player, seconds);
        else pending = seconds;
      },
      currentTime() {
        if (!player) return lastAsked;
        const state = player.getPlayerState();
        return state === UNSTARTED || state === CUED ? lastAsked : player.getCurrentTime();
      },
      destroy() {
        done = true;
        candidate?.destroy();
        player = candidate = null;
        host.replaceChildren();
      },
    };
  },
};

function seekLive(player: YtPlayer, seconds: number): void {
  player.seekTo(seconds, true);
  player.playVideo();
}
