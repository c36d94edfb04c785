import { createContext, useContext } from 'react';

/** What the meeting page asks of a video player: seek, and where the video is now. */
export interface MeetingPlayer {
  /** Jumps to the second and plays from there. */
  seekTo(seconds: number): void;
  /** Seconds into the video now (the last asked-for second while the player cannot say). */
  currentTime(): number;
  destroy(): void;
}

export interface MountOptions {
  videoId: string;
  startSeconds: number;
  /** The frame's accessible name. */
  title: string;
  /**
   * Called once when the video cannot play here (removed, private, not embeddable, or the
   * player itself could not load), with the reason in plain words.
   */
  onUnavailable?(reason: string): void;
}

/**
 * Puts a player into `host`. The site uses the video platform's (youtube-player.ts); tests
 * put a fake behind the same interface: component tests through PlayerAdapterContext, browser
 * tests through `window.__townCrierPlayer` set by an init script (no network in either).
 */
export interface PlayerAdapter {
  mount(host: HTMLElement, options: MountOptions): MeetingPlayer;
}

declare global {
  interface Window {
    __townCrierPlayer?: PlayerAdapter;
  }
}

const PlayerAdapterContext = createContext<PlayerAdapter | null>(null);

/** The adapter in force: a provided one, else a test's window hook, else `fallback`. */
export function usePlayerAdapter(fallback: PlayerAdapter): PlayerAdapter {
  const provided = useContext(PlayerAdapterContext);
  return provided ?? (typeof window !== 'undefined' ? window.__townCrierPlayer : undefined) ?? fallback;
}
