import type { BrowserContext, Page } from 'playwright-core';

/**
 * A fake of the meeting page's video player (web/src/lib/player-adapter.ts), installed as `window.__townCrierPlayer` before the app starts, so the
 * browser tests never reach the video platform. It keeps a clock that runs after a seek or
 * `play()` (`rate` seconds per second), and records every mount and seek in
 * `window.__fakePlayer` for the tests to read. A string, not a function: the test runner's
 * transpiler may add helpers to a function that do not exist in the page.
 */
const FAKE_PLAYER_SCRIPT = `(() => {
  const state = { mounts: [], seeks: [], playing: false, base: 0, since: 0, rate: 1 };
  const time = () => state.playing ? state.base + ((performance.now() - state.since) / 1000) * state.rate : state.base;
  state.time = time;
  state.play = (rate) => { state.base = time(); state.since = performance.now(); state.playing = true; if (rate) state.rate = rate; };
  window.__fakePlayer = state;
  window.__townCrierPlayer = {
    mount(host, options) {
      state.mounts.push({ videoId: options.videoId, startSeconds: options.startSeconds });
      state.base = options.startSeconds;
      state.playing = false;
      const face = document.createElement('div');
      face.setAttribute('role', 'img');
      face.setAttribute('aria-label', options.title);
      face.style.cssText = 'display:flex;height:100%;align-items:center;justify-content:center;color:#fff;font:600 16px system-ui';
      const show = () => { face.textContent = 'Test player: ' + options.videoId + ' at ' + Math.floor(time()) + ' s'; };
      show();
      const timer = setInterval(show, 250);
      host.append(face);
      return {
        seekTo(seconds) { state.seeks.push(seconds); state.base = seconds; state.since = performance.now(); state.playing = true; },
        currentTime: time,
        destroy() { clearInterval(timer); face.remove(); },
      };
    },
  };
})();`;

export async function installFakePlayer(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: FAKE_PLAYER_SCRIPT });
}

export interface FakePlayerState {
  mounts: { videoId: string; startSeconds: number }[];
  seeks: number[];
  playing: boolean;
}

/** What the fake player was asked so far. */
export function fakePlayerState(page: Page): Promise<FakePlayerState> {
  return page.evaluate('({ mounts: window.__fakePlayer.mounts, seeks: window.__fakePlayer.seeks, playing: window.__fakePlayer.playing })');
}
