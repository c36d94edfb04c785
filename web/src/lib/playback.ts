import { createContext, useContext } from 'react';
import type { MeetingPlayer } from './player-adapter.js';

/** How often the page asks the player where it is: often enough for the spoken line to follow. */
const POLL_MS = 250;

/**
 * The meeting page's one clock: the player mounted (if any), the second the page asked for
 * last, and listeners told when the playing position changes. Lines and highlights seek
 * through it; the transcript follows it.
 */
export interface Playback {
  readonly startSeconds: number;
  attach(player: MeetingPlayer | null): void;
  seek(seconds: number): void;
  /** Milliseconds into the meeting now. */
  currentMs(): number;
  subscribe(listener: () => void): () => void;
}

export function createPlayback(startSeconds: number, options: { onSeek?(seconds: number): void } = {}): Playback {
  let player: MeetingPlayer | null = null;
  let current = startSeconds * 1000;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const set = (ms: number) => {
    if (ms === current) return;
    current = ms;
    for (const listener of listeners) listener();
  };
  const poll = () => {
    if (player) set(Math.round(player.currentTime() * 1000));
  };
  const sync = () => {
    const wanted = player !== null && listeners.size > 0;
    if (wanted && !timer) timer = setInterval(poll, POLL_MS);
    if (!wanted && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    startSeconds,
    attach(next) {
      player = next;
      sync();
    },
    seek(seconds) {
      player?.seekTo(seconds);
      set(seconds * 1000);
      options.onSeek?.(seconds);
    },
    currentMs: () => current,
    subscribe(listener) {
      listeners.add(listener);
      sync();
      return () => {
        listeners.delete(listener);
        sync();
      };
    },
  };
}

export const PlaybackContext = createContext<Playback | null>(null);

export function usePlayback(): Playback {
  const playback = useContext(PlaybackContext);
  if (!playback) throw new Error('usePlayback must be used within a PlaybackContext');
  return playback;
}

/** `?t=` of a page URL as whole seconds: "90", "90s", "1m30s", "1:30"; 0 for anything else. */
export function parseMomentParam(value: string | null): number {
  if (!value) return 0;
  const text = value.trim();
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return (Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3]);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(text);
  if (!units || !text) return 0;
  return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
}

/**
 * Puts the second into the address bar's `?t=` in place (no new history entry, and no router
 * navigation: the page does not re-render for it), so a reload or a copied address opens the
 * meeting where the reader last jumped. The router's own state is kept as it is.
 */
export function replaceMomentInAddress(seconds: number): void {
  const url = new URL(window.location.href);
  url.searchParams.set('t', String(Math.max(0, Math.floor(seconds))));
  window.history.replaceState(window.history.state, '', url);
}

/** An absolute link to `pathname` at a second of the meeting, to share. */
export function momentUrl(pathname: string, seconds: number): string {
  return `${window.location.origin}${pathname}?t=${Math.max(0, Math.floor(seconds))}`;
}
