/**
 * The VideoSource the pipeline uses: picks an adapter per address. `fixture:` addresses read
 * the demo fixtures; YouTube addresses use the Data API when a key is configured, otherwise
 * the public Atom feed (latest 15 videos only).
 */
import type { ListVideosOptions, VideoSource } from '../../ports/video-source.js';
import { createDataApiSource } from './data-api-source.js';
import { createFeedSource } from './feed-source.js';
import { createFixtureSource } from './fixture-source.js';
import { parseSourceUrl } from './video-list.js';

export interface VideoSourceOptions {
  apiKey?: string | undefined;
  /** Data API root (https://youtube.googleapis.com/ by default). */
  apiBaseUrl?: string | undefined;
  feedBaseUrl?: string | undefined;
  webBaseUrl?: string | undefined;
  fixturesDir?: string | undefined;
  timeoutMs?: number | undefined;
}

/** Which adapter an address goes to; exported so callers can log or show it. */
export type VideoSourceKind = 'fixture' | 'data-api' | 'feed';

export function createVideoSource(options: VideoSourceOptions = {}): VideoSource & { kindFor(url: string): VideoSourceKind } {
  const apiKey = options.apiKey?.trim();
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const fixture = createFixtureSource(options.fixturesDir ? { fixturesDir: options.fixturesDir } : {});
  const api = apiKey
    ? createDataApiSource({ apiKey, ...timeout, ...(options.apiBaseUrl ? { rootUrl: options.apiBaseUrl } : {}) })
    : null;
  const feed = createFeedSource({
    ...timeout,
    ...(options.feedBaseUrl ? { feedBaseUrl: options.feedBaseUrl } : {}),
    ...(options.webBaseUrl ? { webBaseUrl: options.webBaseUrl } : {}),
  });

  function kindFor(url: string): VideoSourceKind {
    if (parseSourceUrl(url).kind === 'fixture') return 'fixture';
    return api ? 'data-api' : 'feed';
  }

  return {
    kindFor,
    async listVideos(url: string, list?: ListVideosOptions) {
      const kind = kindFor(url);
      const source = kind === 'fixture' ? fixture : kind === 'data-api' && api ? api : feed;
      return source.listVideos(url, list);
    },
  };
}
