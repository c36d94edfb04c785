import type { Page } from 'playwright-core';

export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';
const EMBED_URLS = 'https://www.youtube-nocookie.com/embed/**';

/**
 * A fake of YouTube's IFrame Player API script, served at its real address through the page's
 * network route, so the site's own Content-Security-Policy decides whether it may run (unlike
 * support/fake-player.ts, which replaces the site's player). `YT.Player` swaps the element for
 * an iframe on the embed host it is given, answers seekTo / playVideo / getCurrentTime /
 * getPlayerState / getIframe / destroy, and fires onReady, or onError with `errorCode`. Its
 * clock runs from a seek or play; `window.__fakeYt.jump(s)` moves it as if the viewer dragged
 * YouTube's own scrubber. A string: the page runs it as is.
 */
function apiScript(errorCode: number | null): string {
  return `(() => {
  const state = { created: [], seeks: [], base: 0, since: 0, playing: false };
  const time = () => state.playing ? state.base + (performance.now() - state.since) / 1000 : state.base;
  state.jump = (seconds) => { state.base = seconds; state.since = performance.now(); state.playing = true; };
  window.__fakeYt = state;
  window.YT = { Player: function Player(element, options) {
    state.created.push({ host: options.host, videoId: options.videoId, start: options.playerVars.start });
    state.base = options.playerVars.start || 0;
    const frame = document.createElement('iframe');
    frame.src = options.host + '/embed/' + options.videoId + '?enablejsapi=1';
    element.replaceWith(frame);
    const player = {
      seekTo(seconds) { state.seeks.push(seconds); state.base = seconds; state.since = performance.now(); },
      playVideo() { if (!state.playing) { state.since = performance.now(); state.playing = true; } },
      getCurrentTime: time,
      getPlayerState: () => (state.playing ? 1 : -1),
      getIframe: () => frame,
      destroy() { frame.remove(); },
    };
    setTimeout(() => ${errorCode === null ? 'options.events.onReady({ target: player })' : `options.events.onError({ target: player, data: ${errorCode} })`}, 50);
    return player;
  } };
  if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
})();`;
}

const EMBED_PAGE = '<!doctype html><title>Fake YouTube embed</title><body style="margin:0;display:grid;place-items:center;height:100vh;background:#222;color:#fff;font:600 16px system-ui">Fake YouTube player</body>';

export interface FakeYoutubeApi {
  /** How many times an embed page was requested (a reload of the iframe counts again). */
  embedLoads(): number;
}

/** Serves the fake API script (and the embed page it frames) to this page. */
export async function serveFakeYoutubeApi(page: Page, options: { errorCode?: number } = {}): Promise<FakeYoutubeApi> {
  let embedLoads = 0;
  await page.route(IFRAME_API_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: apiScript(options.errorCode ?? null) }));
  await page.route(EMBED_URLS, (route) => {
    embedLoads++;
    return route.fulfill({ contentType: 'text/html', body: EMBED_PAGE });
  });
  return { embedLoads: () => embedLoads };
}

export interface FakeYtState {
  created: { host: string; videoId: string; start: number }[];
  seeks: number[];
}

export function fakeYtState(page: Page): Promise<FakeYtState> {
  return page.evaluate('({ created: window.__fakeYt.created, seeks: window.__fakeYt.seeks })');
}
