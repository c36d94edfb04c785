/** The fake YouTube Data API v3: playlistItems, videos, channels and search, plus its error answers. */
import type { youtube_v3 } from '@googleapis/youtube';
import {
  FAKE_CHANNEL, FAKE_PAGE_2_TOKEN, FAKE_PLAYLIST_ID, UPLOADS_PAGE_SIZE, knownVideo,
  type FakeCatalog,
} from './fake-youtube-data.js';
import { json, type FakeContext, type FakeReply, type FakeRequest } from './fake-youtube-http.js';

// Error bodies as the API sends them (quota message with its HTML link included).
const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
const KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

function apiError(code: number, message: string, reason: string, domain: string, extra: Record<string, unknown> = {}): FakeReply {
  return json(code, { error: { code, message, errors: [{ message, domain, reason }], ...extra } });
}

const quotaExceededReply = (): FakeReply => apiError(403, QUOTA_MESSAGE, 'quotaExceeded', 'youtube.quota');

const keyInvalidReply = (): FakeReply =>
  apiError(400, KEY_MESSAGE, 'badRequest', 'global', {
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'youtube.googleapis.com' },
      },
    ],
  });

/** Repeated or comma-separated list parameters (part=snippet,contentDetails). */
function listParam(url: URL, name: string): string[] {
  return url.searchParams.getAll(name).flatMap((value) => value.split(',')).filter(Boolean);
}

const pageToken = (offset: number) => Buffer.from(`PT:${offset}`).toString('base64url');
const tokenOffset = (token: string) => Number(/^PT:(\d+)$/.exec(Buffer.from(token, 'base64url').toString())?.[1] ?? NaN);

function uploadsPage(catalog: FakeCatalog, url: URL): FakeReply {
  const token = url.searchParams.get('pageToken');
  const offset = token ? tokenOffset(token) : 0;
  if (Number.isNaN(offset)) return apiError(400, 'The request specifies an invalid page token.', 'invalidPageToken', 'youtube.parameter');
  const withDetails = listParam(url, 'part').includes('contentDetails');
  const items = catalog.uploads.slice(offset, offset + UPLOADS_PAGE_SIZE).map((item) => {
    if (withDetails) return item;
    const { contentDetails: _omitted, ...rest } = item;
    return rest;
  });
  const next = offset + UPLOADS_PAGE_SIZE < catalog.uploads.length ? { nextPageToken: pageToken(offset + UPLOADS_PAGE_SIZE) } : {};
  const prev = offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - UPLOADS_PAGE_SIZE)) } : {};
  return json(200, {
    kind: 'youtube#playlistItemListResponse',
    etag: `fake-etag-uploads-${offset}`,
    ...next,
    ...prev,
    items,
    pageInfo: { totalResults: catalog.uploads.length, resultsPerPage: UPLOADS_PAGE_SIZE },
  });
}

function playlistItems(catalog: FakeCatalog, url: URL): FakeReply {
  const playlistId = url.searchParams.get('playlistId');
  if (playlistId === FAKE_CHANNEL.uploads) return uploadsPage(catalog, url);
  if (playlistId === FAKE_PLAYLIST_ID) {
    const token = url.searchParams.get('pageToken');
    if (!token) return json(200, catalog.playlistPages[0]);
    if (token === FAKE_PAGE_2_TOKEN) return json(200, catalog.playlistPages[1]);
    return apiError(400, 'The request specifies an invalid page token.', 'invalidPageToken', 'youtube.parameter');
  }
  const message = "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.";
  return apiError(404, message, 'playlistNotFound', 'youtube.playlistItem', { location: 'playlistId' });
}

function videos(catalog: FakeCatalog, url: URL): FakeReply {
  const items = listParam(url, 'id')
    .map((id) => knownVideo(catalog, id))
    .filter((video): video is youtube_v3.Schema$Video => video !== null);
  return json(200, {
    kind: 'youtube#videoListResponse',
    etag: 'fake-etag-videos',
    items,
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
  });
}

function channelResource(): youtube_v3.Schema$Channel {
  const thumbnail = (size: number) => ({ url: `https://yt3.ggpht.com/fake-avatar=s${size}-c-k-c0x00ffffff-no-rj`, width: size, height: size });
  return {
    kind: 'youtube#channel',
    etag: 'fake-etag-channel',
    id: FAKE_CHANNEL.id,
    snippet: {
      title: FAKE_CHANNEL.title,
      description: 'Subscribe to join a community of creative developers and learn the latest in Google technology.',
      customUrl: `@${FAKE_CHANNEL.handle.toLowerCase()}`,
      publishedAt: FAKE_CHANNEL.publishedAt,
      thumbnails: { default: thumbnail(88), medium: thumbnail(240), high: thumbnail(800) },
      localized: { title: FAKE_CHANNEL.title, description: 'Google Developers channel' },
      country: 'US',
    },
    contentDetails: { relatedPlaylists: { likes: '', uploads: FAKE_CHANNEL.uploads } },
  };
}

function channels(url: URL): FakeReply {
  const handle = url.searchParams.get('forHandle')?.replace(/^@/, '').toLowerCase();
  const username = url.searchParams.get('forUsername')?.toLowerCase();
  const ids = listParam(url, 'id');
  const found =
    (handle !== undefined && handle === FAKE_CHANNEL.handle.toLowerCase()) ||
    (username !== undefined && username === FAKE_CHANNEL.username.toLowerCase()) ||
    ids.includes(FAKE_CHANNEL.id);
  // The real API leaves `items` out altogether when nothing matches.
  const body = {
    kind: 'youtube#channelListResponse',
    etag: 'fake-etag-channels',
    pageInfo: { totalResults: found ? 1 : 0, resultsPerPage: 5 },
    ...(found ? { items: [channelResource()] } : {}),
  };
  return json(200, body);
}

function search(url: URL): FakeReply {
  const normalize = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const q = normalize(url.searchParams.get('q') ?? '');
  const matches = q !== '' && (normalize(FAKE_CHANNEL.title).includes(q) || normalize(FAKE_CHANNEL.handle).includes(q));
  const channel = channelResource().snippet ?? {};
  const items = matches
    ? [{
        kind: 'youtube#searchResult',
        etag: 'fake-etag-search-channel',
        id: { kind: 'youtube#channel', channelId: FAKE_CHANNEL.id },
        snippet: {
          publishedAt: FAKE_CHANNEL.publishedAt,
          channelId: FAKE_CHANNEL.id,
          title: channel.title,
          description: channel.description,
          thumbnails: channel.thumbnails,
          channelTitle: channel.title,
          liveBroadcastContent: 'none',
          publishTime: FAKE_CHANNEL.publishedAt,
        },
      }]
    : [];
  return json(200, {
    kind: 'youtube#searchListResponse',
    etag: 'fake-etag-search',
    regionCode: 'US',
    pageInfo: { totalResults: items.length, resultsPerPage: 1 },
    items,
  });
}

export function handleDataApi(request: FakeRequest, { catalog, options }: FakeContext): FakeReply | null {
  const { url } = request;
  if (!url.pathname.startsWith('/youtube/v3/')) return null;
  const key = url.searchParams.get('key');
  if (!key) {
    const message = "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
    return apiError(403, message, 'forbidden', 'global', { status: 'PERMISSION_DENIED' });
  }
  if (options.apiKey !== undefined && key !== options.apiKey) return keyInvalidReply();
  if (options.quotaExceeded) return quotaExceededReply();
  switch (url.pathname.slice('/youtube/v3/'.length)) {
    case 'playlistItems':
      return playlistItems(catalog, url);
    case 'videos':
      return videos(catalog, url);
    case 'channels':
      return channels(url);
    case 'search':
      return search(url);
    default:
      return apiError(404, 'Not Found', 'notFound', 'global');
  }
}
