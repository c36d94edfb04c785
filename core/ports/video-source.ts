/**
 * Lists the videos behind a source address (a YouTube channel, playlist or single video, or an
 * offline `fixture:` key). Adapters: YouTube Data API (with a key), the public Atom feed
 * (without one) and the demo fixtures; `createVideoSource` picks one per address.
 */

/** One video as discovered; enough to create its row before any transcript exists. */
export interface DiscoveredVideo {
  videoId: string;
  title: string;
  description: string;
  channelTitle: string;
  /** ISO 8601 in UTC ("2026-01-14T18:30:00.000Z"); null when the source does not say (oEmbed). */
  publishedAt: string | null;
  thumbnailUrl: string | null;
  /** https://www.youtube.com/watch?v=<id> */
  videoUrl: string;
}

export interface ListVideosOptions {
  /** Only videos published at or after this instant; videos of unknown date are kept. */
  since?: Date;
  /** At most this many videos (the newest ones); a positive integer. */
  limit?: number;
  /** Aborts the requests in flight; the abort reason is thrown. */
  signal?: AbortSignal;
}

export interface VideoSource {
  /**
   * Newest first. Throws AppError: BAD_INPUT (not a source address), NOT_FOUND (no such
   * channel, playlist or video), RATE_LIMITED (quota or throttling), CONFIG (API key
   * rejected), UPSTREAM (YouTube failed or timed out).
   */
  listVideos(url: string, options?: ListVideosOptions): Promise<DiscoveredVideo[]>;
}
