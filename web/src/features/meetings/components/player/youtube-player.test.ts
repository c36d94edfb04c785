import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerAdapter } from '../../../../lib/player-adapter.js';

type Win = Window & { YT?: unknown };

// The module loads the API once per page: each test gets a fresh copy (a fresh page).
let youtubePlayer: PlayerAdapter;
beforeEach(async () => {
  vi.resetModules();
  ({ youtubePlayer } = await import('./youtube-player.js'));
});

afterEach(() => {
  delete (window as Win).YT;
  document.body.innerHTML = '';
});

function mount(startSeconds = 0) {
  const host = document.createElement('div');
  document.body.append(host);
  const player = youtubePlayer.mount(host, { videoId: 'dQw4w9WgXcQ', startSeconds, title: 'Video: Council' });
  return { host, player, frame: () => host.querySelector('iframe')! };
}

describe('the platform player', () => {
  it("embeds the video at the start second, with the player API enabled", () => {
    const { frame } = mount(95);
    const src = new URL(frame().src);
    expect(src.origin + src.pathname).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('start')).toBe('95');
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(frame().title).toBe('Video: Council');
  });

  it("falls back to the plain embed's start parameter while the player API is not there", () => {
    const { player, frame } = mount();
    player.seekTo(90);
    const src = new URL(frame().src);
    expect(src.searchParams.get('start')).toBe('90');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(player.currentTime()).toBe(90);
  });

  it('seeks through the player API once it is ready', async () => {
    const api = { seekTo: vi.fn(), playVideo: vi.fn(), getCurrentTime: () => 42, destroy: vi.fn() };
    let ready: (() => void) | null = null;
    (window as Win).YT = {
      Player: function Player(_frame: HTMLIFrameElement, options: { events: { onReady: () => void } }) {
        ready = options.events.onReady;
        return api;
      },
    };
    const { player, frame } = mount();
    const before = frame().src;
    await vi.waitFor(() => expect(ready).not.toBeNull());
    ready!();
    player.seekTo(120);
    expect(api.seekTo).toHaveBeenCalledWith(120, true);
    expect(api.playVideo).toHaveBeenCalled();
    expect(frame().src).toBe(before);
    expect(player.currentTime()).toBe(42);
    player.destroy();
    expect(api.destroy).toHaveBeenCalled();
  });
});
