/**
 * VideoSource through the YouTube Data API v3 (an API key is required). Quota per call: 1
 * unit for channels / playlistItems / videos, 100 for the search a /c/ address needs.
 *
 * - Channels are read through their uploads playlist, which YouTube keeps newest first, so
 *   paging stops as soon as `limit` videos are found or a page reaches videos older than `since`.
 * - Other playlists are in the owner's order, so every page is read (up to `maxPages` of 50),
 *   then sorted newest first.
 * - /c/ names are not unique and the API cannot look them up: the first channel the search
 *   finds for the name is used. Prefer @handle or /channel/UC… addresses.
 */
import type { MethodOptions, youtube_v3 } from '@googleapis/youtube';
import type { YoutubeSource } from '../../domain/youtube-url.js';
import { AppError } from '../../errors.js';
import type { DiscoveredVideo, ListVideosOptions, VideoSource } from '../../ports/video-source.js';
import { redactError } from '../../privacy/redact-secrets.js';
import { toDataApiError } from './data-api-errors.js';
import { applyListOptions, checkListOptions, isBefore, parseSourceUrl, throwIfAborted, toIsoOrNull, watchPageUrl } from './video-list.js';

export interface DataApiSourceOptions {
  apiKey: string;
  /** Root of the API (https://youtube.googleapis.com/ by default); tests point it at a fake. */
  rootUrl?: string;
  timeoutMs?: number;
  /** Pages of 50 read at most per playlist (quota: 1 unit each). */
  maxPages?: number;
}

type Channel = Extract<YoutubeSource, { kind: 'channel' }>;
type Snippet = youtube_v3.Schema$PlaylistItemSnippet | youtube_v3.Schema$VideoSnippet;

const PAGE_SIZE = 50;
const DEFAULT_MAX_PAGES = 20;
const DEFAULT_TIMEOUT_MS = 15_000;
// What playlistItems shows in place of videos that were made private or deleted after being added.
const HIDDEN_TITLES = new Set(['Private video', 'Deleted video']);

function bestThumbnail(thumbnails: youtube_v3.Schema$ThumbnailDetails | undefined): string | null {
  const sizes = [thumbnails?.maxres, thumbnails?.standard, thumbnails?.high, thumbnails?.medium, thumbnails?.default];
  return sizes.find((size) => size?.url)?.url ?? null;
}

function toVideo(videoId: string, snippet: Snippet, publishedAt: string | null | undefined, channelTitle: string | null | undefined): DiscoveredVideo {
  return {
    videoId,
    title: snippet.title ?? '',
    description: snippet.description ?? '',
    channelTitle: channelTitle ?? snippet.channelTitle ?? '',
    publishedAt: toIsoOrNull(publishedAt ?? snippet.publishedAt),
    thumbnailUrl: bestThumbnail(snippet.thumbnails),
    videoUrl: watchPageUrl(videoId),
  };
}

/** Null for entries that are no longer videos anyone can watch. */
function fromPlaylistItem(item: youtube_v3.Schema$PlaylistItem): DiscoveredVideo | null {
  const snippet = item.snippet;
  const videoId = item.contentDetails?.videoId ?? snippet?.resourceId?.videoId;
  if (!snippet || !videoId || HIDDEN_TITLES.has(snippet.title ?? '')) return null;
  // snippet.publishedAt is when the video was added to the playlist; the video's own date wins.
  return toVideo(videoId, snippet, item.contentDetails?.videoPublishedAt, snippet.videoOwnerChannelTitle);
}

function describeChannel(channel: Channel): string {
  if (channel.by === 'handle') return `channel @${channel.value}`;
  if (channel.by === 'id') return `channel ${channel.value}`;
  return `channel youtube.com/${channel.by === 'custom' ? 'c' : 'user'}/${channel.value}`;
}

export function createDataApiSource(options: DataApiSourceOptions): VideoSource {
  if (!options.apiKey.trim()) throw new AppError('CONFIG', 'The YouTube Data API source needs an API key');
  // The client library (gaxios, google-auth-library) is loaded by the first call, not by every command.
  let client: Promise<youtube_v3.Youtube> | undefined;
  const loadClient = () =>
    (client ??= import('@googleapis/youtube').then(({ youtube }) =>
      youtube({ version: 'v3', auth: options.apiKey, ...(options.rootUrl ? { rootUrl: options.rootUrl } : {}) }),
    ));
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;

  async function call<T>(what: string, signal: AbortSignal | undefined, run: (api: youtube_v3.Youtube, o: MethodOptions) => Promise<{ data: T }>): Promise<T> {
    const api = await loadClient();
    // gaxios swaps an already-aborted signal for its timeout signal, so check first.
    throwIfAborted(signal);
    try {
      const response = await run(api, { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(signal ? { signal } : {}) });
      return response.data;
    } catch (error) {
      throwIfAborted(signal);
      // The key rides in the query string, and gaxios names the full URL in its messages.
      throw redactError(toDataApiError(error, what), [options.apiKey]);
    }
  }

  async function findCustomChannel(name: string, signal: AbortSignal | undefined): Promise<string> {
    const what = `channel youtube.com/c/${name}`;
    const data = await call(what, signal, (api, o) =>
      api.search.list({ part: ['snippet'], type: ['channel'], q: name, maxResults: 1 }, o),
    );
    const first = data.items?.[0];
    const id = first?.id?.channelId ?? first?.snippet?.channelId;
    if (!id) throw new AppError('NOT_FOUND', `No YouTube ${what} found`);
    return id;
  }

  async function uploadsPlaylist(channel: Channel, signal: AbortSignal | undefined): Promise<string> {
    const what = describeChannel(channel);
    const params: youtube_v3.Params$Resource$Channels$List = { part: ['contentDetails'] };
    if (channel.by === 'handle') params.forHandle = `@${channel.value}`;
    else if (channel.by === 'user') params.forUsername = channel.value;
    else params.id = [channel.by === 'id' ? channel.value : await findCustomChannel(channel.value, signal)];
    const data = await call(what, signal, (api, o) => api.channels.list(params, o));
    const found = data.items?.[0];
    if (!found) throw new AppError('NOT_FOUND', `No YouTube ${what} found`);
    const uploads = found.contentDetails?.relatedPlaylists?.uploads;
    if (!uploads) throw new AppError('NOT_FOUND', `YouTube ${what} has no uploads playlist`);
    return uploads;
  }

  async function readPlaylist(playlistId: string, newestFirst: boolean, list: ListVideosOptions): Promise<DiscoveredVideo[]> {
    const videos: DiscoveredVideo[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const params = { part: ['snippet', 'contentDetails'], playlistId, maxResults: PAGE_SIZE, ...(pageToken ? { pageToken } : {}) };
      const data = await call(`playlist ${playlistId}`, list.signal, (api, o) => api.playlistItems.list(params, o));
      let reachedOlder = false;
      for (const item of data.items ?? []) {
        const video = fromPlaylistItem(item);
        if (!video) continue;
        if (isBefore(video.publishedAt, list.since)) reachedOlder = true;
        else videos.push(video);
      }
      pageToken = data.nextPageToken ?? undefined;
      if (!pageToken) break;
      const enough = list.limit !== undefined && videos.length >= list.limit;
      if (newestFirst && (reachedOlder || enough)) break;
    }
    return videos;
  }

  async function readVideo(videoId: string, signal: AbortSignal | undefined): Promise<DiscoveredVideo> {
    const data = await call(`video ${videoId}`, signal, (api, o) => api.videos.list({ part: ['snippet'], id: [videoId] }, o));
    const item = data.items?.[0];
    if (!item?.snippet) throw new AppError('NOT_FOUND', `YouTube video ${videoId} not found (deleted, private or mistyped)`);
    return toVideo(item.id ?? videoId, item.snippet, item.snippet.publishedAt, item.snippet.channelTitle);
  }

  async function list(source: YoutubeSource, options: ListVideosOptions): Promise<DiscoveredVideo[]> {
    switch (source.kind) {
      case 'video':
        return [await readVideo(source.videoId, options.signal)];
      case 'playlist':
        // UU… is a channel's uploads playlist (also UULF…, UUSH…): newest first, like a channel.
        return readPlaylist(source.playlistId, source.playlistId.startsWith('UU'), options);
      case 'channel':
        return readPlaylist(await uploadsPlaylist(source, options.signal), true, options);
      case 'fixture':
        throw new AppError('BAD_INPUT', `fixture:${source.key} is an offline demo source, not a YouTube address`);
    }
  }

  return {
    async listVideos(url: string, options: ListVideosOptions = {}): Promise<DiscoveredVideo[]> {
      const source = parseSourceUrl(url);
      checkListOptions(options);
      return applyListOptions(await list(source, options), options);
    },
  };
}
