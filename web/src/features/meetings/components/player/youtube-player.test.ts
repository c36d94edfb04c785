import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerAdapter } from '@/lib/player-adapter.js';
import type { YtPlayerOptions } from './youtube-api.js';

type Win = Window & { YT?: unknown };

// The module loads the API once per page: each test gets a fresh copy (a fresh page).
let youtubePlayer: PlayerAdapter;
beforeEach(async () => {
  vi.resetModules();
  ({ youtubePlayer } = await import('./youtube-player.js'));
});

afterEach(() => {
  delete (window as Win).YT;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  document.body.innerHTML = '';
});

/** A fake of the API's YT.Player: records what it was made with; the test fires its events. */
function fakeApi(state = 1, time = 42) {
  const frame = document.createElement('iframe');
  const api = { seekTo: vi.fn(), playVideo: vi.fn(), getCurrentTime: () => time, getPlayerState: () => state, getIframe: () => frame, destroy: vi.fn() };
  let options: YtPlayerOptions | null = null;
  (window as Win).YT = {
    Player: function Player(element: HTMLElement, given: YtPlayerOptions) {
      options = given;
      element.replaceWith(frame);
      return api;
    },
  };
  return { api, frame, options: () => options };
}

function mount(startSeconds = 0) {
  const host = document.createElement('div');
  document.body.append(host);
  const onUnavailable = vi.fn();
  const player = youtubePlayer.mount(host, { videoId: 'dQw4w9WgXcQ', startSeconds, title: 'Video: Council', onUnavailable });
  return { host, player, onUnavailable };
}

describe('the platform player', () => {
  it('asks the API for the privacy-enhanced embed at the start second, and names its frame when ready', async () => {
    const { frame, options } = fakeApi();
    mount(95);
    await vi.waitFor(() => expect(options()).not.toBeNull());
    expect(options()).toMatchObject({ host: 'https://www.youtube-nocookie.com', videoId: 'dQw4w9WgXcQ', playerVars: { start: 95, rel: 0 } });
    options()!.events.onReady();
    expect(frame.title).toBe('Video: Council');
  });

  it('keeps a seek asked before the player is ready and makes it once it is, never touching the frame', async () => {
    const { api, frame, options } = fakeApi();
    const { player } = mount();
    await vi.waitFor(() => expect(options()).not.toBeNull());
    player.seekTo(90);
    expect(player.currentTime()).toBe(90);
    expect(api.seekTo).not.toHaveBeenCalled();
    const before = frame.src;
    options()!.events.onReady();
    expect(api.seekTo).toHaveBeenCalledWith(90, true);
    player.seekTo(120);
    expect(api.seekTo).toHaveBeenLastCalledWith(120, true);
    expect(api.playVideo).toHaveBeenCalledTimes(2);
    expect(frame.src).toBe(before);
    expect(player.currentTime()).toBe(42);
    player.destroy();
    expect(api.destroy).toHaveBeenCalled();
  });

  it('reports the asked-for second, not 0, while the video has not started', async () => {
    const { options } = fakeApi(-1, 0);
    const { player } = mount(95);
    await vi.waitFor(() => expect(options()).not.toBeNull());
    options()!.events.onReady();
    expect(player.currentTime()).toBe(95);
  });

  it('says in plain words why a video cannot play (onError 150), once', async () => {
    const { options } = fakeApi();
    const { onUnavailable } = mount();
    await vi.waitFor(() => expect(options()).not.toBeNull());
    options()!.events.onError({ data: 150 });
    options()!.events.onError({ data: 5 });
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(onUnavailable).toHaveBeenCalledWith("The video's owner does not allow it to be played on other sites.");
  });

  it('says the player could not load when the API script fails', async () => {
    const { onUnavailable } = mount();
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://www.youtube.com/iframe_api"]')!;
    script.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(onUnavailable).toHaveBeenCalledWith(expect.stringMatching(/^YouTube's player could not be loaded/)));
  });
});
