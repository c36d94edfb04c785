/**
 * VideoSource without an API key: the public Atom feed of a channel or playlist. The feed only
 * ever holds the latest 15 videos, so a first import of an old channel needs an API key (or
 * repeated runs as new meetings appear). @handle, /c/ and /user/ addresses are turned into a
 * channel id by reading the channel page; a single video is described through oEmbed, which
 * does not tell the publication date (publishedAt is null).
 */
import { z } from 'zod';
import type { YoutubeSource } from '../../domain/youtube-url.js';
import { AppError } from '../../errors.js';
import type { DiscoveredVideo, ListVideosOptions, VideoSource } from '../../ports/video-source.js';
import { looksLikeAtomFeed, parseAtomFeed } from './atom-feed.js';
import { applyListOptions, checkListOptions, parseSourceUrl, toIsoOrNull, watchPageUrl } from './video-list.js';
import { fetchWeb, httpStatusError, type WebFetchOptions } from './web-fetch.js';

const YOUTUBE_WEB_BASE_URL = 'https://www.youtube.com';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface FeedSourceOptions {
  /** Where /feeds/videos.xml lives; https://www.youtube.com by default. */
  feedBaseUrl?: string;
  /** Where channel pages and /oembed live; https://www.youtube.com by default. */
  webBaseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

type Channel = Extract<YoutubeSource, { kind: 'channel' }>;
interface FeedQuery {
  param: 'channel_id' | 'playlist_id';
  id: string;
}

const CHANNEL_ID_PATTERNS = [
  /<link\s+rel="canonical"\s+href="[^"]*\/channel\/(UC[A-Za-z0-9_-]{22})"/,
  /<meta\s+itemprop="(?:identifier|channelId)"\s+content="(UC[A-Za-z0-9_-]{22})"/,
  /"externalId"\s*:\s*"(UC[A-Za-z0-9_-]{22})"/,
  // Last: a page also names other channels (recommendations), the owner's id comes first.
  /"channelId"\s*:\s*"(UC[A-Za-z0-9_-]{22})"/,
];

const oembedSchema = z.object({
  title: z.string(),
  author_name: z.string(),
  thumbnail_url: z.string().optional(),
});

/** The channel id a channel page is about, or null. */
export function findChannelId(html: string): string | null {
  for (const pattern of CHANNEL_ID_PATTERNS) {
    const id = pattern.exec(html)?.[1];
    if (id) return id;
  }
  return null;
}

function endpoint(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

export function createFeedSource(options: FeedSourceOptions = {}): VideoSource {
  const feedBase = options.feedBaseUrl ?? YOUTUBE_WEB_BASE_URL;
  const webBase = options.webBaseUrl ?? YOUTUBE_WEB_BASE_URL;
  const http = (signal: AbortSignal | undefined): WebFetchOptions => ({
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal,
    fetch: options.fetch ?? globalThis.fetch,
    // SOCS skips the EU cookie-consent interstitial, which carries no channel id.
    headers: { 'Accept-Language': 'en-US,en;q=0.8', Cookie: 'SOCS=CAI' },
  });

  async function readFeed(query: FeedQuery, signal: AbortSignal | undefined): Promise<DiscoveredVideo[]> {
    const noun = `${query.param === 'channel_id' ? 'channel' : 'playlist'} ${query.id}`;
    const what = `the feed of ${noun}`;
    const url = endpoint(feedBase, '/feeds/videos.xml', { [query.param]: query.id });
    const response = await fetchWeb(url, what, http(signal));
    if (response.status === 404 || response.status === 400) {
      throw new AppError('NOT_FOUND', `No public YouTube feed for ${noun} (it does not exist or has no public videos)`);
    }
    if (response.status !== 200) throw httpStatusError(response.status, what);
    if (!looksLikeAtomFeed(response.text)) throw new AppError('UPSTREAM', `YouTube sent something other than an Atom feed for ${what}`);
    const feed = parseAtomFeed(response.text);
    return feed.entries.map((entry) => ({
      videoId: entry.videoId,
      title: entry.title,
      description: entry.description,
      channelTitle: entry.authorName ?? feed.authorName ?? feed.title ?? '',
      publishedAt: toIsoOrNull(entry.published),
      thumbnailUrl: entry.thumbnailUrl,
      videoUrl: watchPageUrl(entry.videoId),
    }));
  }

  async function resolveChannelId(channel: Channel, signal: AbortSignal | undefined): Promise<string> {
    if (channel.by === 'id') return channel.value;
    const prefix = { handle: '/@', custom: '/c/', user: '/user/' }[channel.by];
    const pageUrl = endpoint(webBase, `${prefix}${encodeURIComponent(channel.value)}`);
    const shown = `youtube.com${prefix}${channel.value}`;
    const response = await fetchWeb(pageUrl, `the channel page ${shown}`, http(signal));
    if (response.status === 404) throw new AppError('NOT_FOUND', `No YouTube channel at ${shown}`);
    if (response.status !== 200) throw httpStatusError(response.status, `the channel page ${shown}`);
    const id = findChannelId(response.text);
    if (!id) {
      throw new AppError('NOT_FOUND', `Could not find the channel id on ${shown}; use the youtube.com/channel/UC… address or set a YouTube API key`);
    }
    return id;
  }

  async function describeVideo(videoId: string, signal: AbortSignal | undefined): Promise<DiscoveredVideo> {
    const what = `video ${videoId}`;
    const url = endpoint(webBase, '/oembed', { url: watchPageUrl(videoId), format: 'json' });
    const response = await fetchWeb(url, what, http(signal));
    if (response.status === 404 || response.status === 400) {
      throw new AppError('NOT_FOUND', `YouTube video ${videoId} not found (deleted, private or mistyped)`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new AppError('NOT_FOUND', `YouTube video ${videoId} is private or does not allow embedding; set a YouTube API key to read it`);
    }
    if (response.status !== 200) throw httpStatusError(response.status, what);
    let parsed;
    try {
      parsed = oembedSchema.parse(JSON.parse(response.text));
    } catch (cause) {
      throw new AppError('UPSTREAM', `YouTube sent an unreadable oEmbed answer for ${what}`, { cause });
    }
    return {
      videoId,
      title: parsed.title,
      description: '',
      channelTitle: parsed.author_name,
      publishedAt: null,
      thumbnailUrl: parsed.thumbnail_url ?? null,
      videoUrl: watchPageUrl(videoId),
    };
  }

  async function list(source: YoutubeSource, signal: AbortSignal | undefined): Promise<DiscoveredVideo[]> {
    switch (source.kind) {
      case 'video':
        return [await describeVideo(source.videoId, signal)];
      case 'playlist':
        return readFeed({ param: 'playlist_id', id: source.playlistId }, signal);
      case 'channel':
        return readFeed({ param: 'channel_id', id: await resolveChannelId(source, signal) }, signal);
      case 'fixture':
        throw new AppError('BAD_INPUT', `fixture:${source.key} is an offline demo source, not a YouTube address`);
    }
  }

  return {
    async listVideos(url: string, options: ListVideosOptions = {}): Promise<DiscoveredVideo[]> {
      const source = parseSourceUrl(url);
      checkListOptions(options);
      return applyListOptions(await list(source, options.signal), options);
    },
  };
}
