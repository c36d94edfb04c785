/**
 * Pieces every VideoSource adapter shares: reading the source address, checking the list
 * options, and applying `since` / `limit` / newest-first to what an upstream returned.
 */
import { parseYoutubeUrl, type YoutubeSource } from '../../domain/youtube-url.js';
import { AppError } from '../../errors.js';
import type { DiscoveredVideo, ListVideosOptions } from '../../ports/video-source.js';

export function parseSourceUrl(url: string): YoutubeSource {
  const parsed = parseYoutubeUrl(url);
  if (!parsed.ok) {
    throw new AppError('BAD_INPUT', `Not a YouTube channel, playlist or video URL: ${url} (${parsed.reason})`);
  }
  return parsed.source;
}

export function checkListOptions(options: ListVideosOptions): void {
  const { limit, since } = options;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new AppError('BAD_INPUT', `The video limit must be a positive whole number, got ${limit}`);
  }
  if (since !== undefined && Number.isNaN(since.getTime())) {
    throw new AppError('BAD_INPUT', 'The "since" date is not a valid date');
  }
}

/** True when the video is older than `since` (unknown dates are never "older"). */
export function isBefore(publishedAt: string | null, since: Date | undefined): boolean {
  if (!since || publishedAt === null) return false;
  return Date.parse(publishedAt) < since.getTime();
}

/** Drops videos older than `since` and duplicates, sorts newest first (unknown dates last), keeps `limit`. */
export function applyListOptions(videos: readonly DiscoveredVideo[], options: ListVideosOptions): DiscoveredVideo[] {
  const seen = new Set<string>();
  const kept = videos.filter((video) => {
    if (seen.has(video.videoId) || isBefore(video.publishedAt, options.since)) return false;
    seen.add(video.videoId);
    return true;
  });
  const time = (video: DiscoveredVideo) => (video.publishedAt === null ? -Infinity : Date.parse(video.publishedAt));
  kept.sort((a, b) => time(b) - time(a));
  return options.limit === undefined ? kept : kept.slice(0, options.limit);
}

/** Any date string YouTube sends ("…+00:00", "….000Z") as UTC ISO 8601, or null. */
export function toIsoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function watchPageUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** The caller's abort wins over our own error mapping: the abort reason is what they expect. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}
