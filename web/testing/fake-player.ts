import type { MeetingPlayer, MountOptions, PlayerAdapter } from '../src/lib/player-adapter.js';

/**
 * A fake video player for component tests, behind the adapter interface the page uses, with
 * a clock the test sets (`at(seconds)`). Installed as `window.__townCrierPlayer`, the same
 * hook the browser tests use; `uninstall` removes it.
 */
export function installFakePlayer() {
  const mounts: MountOptions[] = [];
  const seeks: number[] = [];
  let now = 0;
  const adapter: PlayerAdapter = {
    mount(host, options): MeetingPlayer {
      mounts.push(options);
      now = options.startSeconds;
      const face = document.createElement('div');
      face.textContent = `Fake player ${options.videoId}`;
      host.append(face);
      return {
        seekTo(seconds) {
          seeks.push(seconds);
          now = seconds;
        },
        currentTime: () => now,
        destroy: () => face.remove(),
      };
    },
  };
  window.__townCrierPlayer = adapter;
  return {
    mounts,
    seeks,
    /** Moves the video's clock, as if it had played there. */
    at(seconds: number) {
      now = seconds;
    },
    uninstall() {
      delete window.__townCrierPlayer;
    },
  };
}
