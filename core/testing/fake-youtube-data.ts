/**
 * What the fake YouTube knows, built from real recorded responses (/work/shared/fixtures/real,
 * see its README): a 13-video playlist in two real pages, one real videos.list answer and one
 * real InnerTube player answer. The channel, its uploads playlist (newest first, with one
 * private entry) and the feed are synthesized from those items in the API's own shapes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { youtube_v3 } from '@googleapis/youtube';
import { requireRealFixtures } from './real-fixtures.js';


/** The channel behind the recorded playlist (Google Developers). */
export const FAKE_CHANNEL = {
  id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
  title: 'Google Developers',
  handle: 'GoogleDevelopers',
  username: 'GoogleDevelopers',
  uploads: 'UU_x5XG1OV2P6uZZ5FSM9Ttw',
  publishedAt: '2007-08-23T00:34:43Z',
} as const;
/** The recorded playlist: page 1 (10 items, nextPageToken CAoQAA) and page 2 (3 items, last). */
export const FAKE_PLAYLIST_ID = 'PLOU2XLYxmsIKpaV8h0AGE05so0fAwwfTw';
export const FAKE_PAGE_2_TOKEN = 'CAoQAA';
/** The video of the recorded InnerTube answer; any other id gets the same answer, re-labelled. */
export const FAKE_PLAYER_VIDEO_ID = 'GJLlxj_dtq8';
const FAKE_PRIVATE_VIDEO_ID = 'pRiVaTe0001';
/** The uploads playlist is paged like the recorded one: 10 items a page. */
export const UPLOADS_PAGE_SIZE = 10;

type PlaylistItem = youtube_v3.Schema$PlaylistItem;

export interface FakeCatalog {
  playlistPages: [youtube_v3.Schema$PlaylistItemListResponse, youtube_v3.Schema$PlaylistItemListResponse];
  /** Playlist items of the recorded playlist, in playlist order. */
  playlistItems: PlaylistItem[];
  /** The channel's uploads playlist: newest first, including one private entry. */
  uploads: PlaylistItem[];
  videoSingle: youtube_v3.Schema$VideoListResponse;
  player: Record<string, unknown>;
}

async function readJson<T>(dir: string, file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(dir, file), 'utf8')) as T;
}

const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** An uploads entry as the API returns it with part=snippet,contentDetails. */
function toUploadsItem(item: PlaylistItem, position: number): PlaylistItem {
  const snippet = item.snippet ?? {};
  const videoId = snippet.resourceId?.videoId ?? '';
  const videoPublishedAt = snippet.publishedAt ?? '';
  return {
    kind: 'youtube#playlistItem',
    etag: `fake-etag-${videoId}`,
    id: Buffer.from(`${FAKE_CHANNEL.uploads}.${videoId}`).toString('base64'),
    snippet: {
      ...snippet,
      // Added to the uploads playlist at upload time, a little before publication.
      publishedAt: shift(videoPublishedAt, -5),
      playlistId: FAKE_CHANNEL.uploads,
      position,
      videoOwnerChannelTitle: FAKE_CHANNEL.title,
      videoOwnerChannelId: FAKE_CHANNEL.id,
    },
    contentDetails: { videoId, videoPublishedAt },
  };
}

function privateItem(): PlaylistItem {
  return {
    kind: 'youtube#playlistItem',
    etag: 'fake-etag-private',
    id: Buffer.from(`${FAKE_CHANNEL.uploads}.${FAKE_PRIVATE_VIDEO_ID}`).toString('base64'),
    snippet: {
      publishedAt: '2019-11-24T10:00:00Z',
      channelId: FAKE_CHANNEL.id,
      title: 'Private video',
      description: 'This video is private.',
      thumbnails: {},
      channelTitle: FAKE_CHANNEL.title,
      playlistId: FAKE_CHANNEL.uploads,
      position: 0,
      resourceId: { kind: 'youtube#video', videoId: FAKE_PRIVATE_VIDEO_ID },
    },
    contentDetails: { videoId: FAKE_PRIVATE_VIDEO_ID },
  };
}

export async function loadFakeCatalog(dir: string = requireRealFixtures()): Promise<FakeCatalog> {
  const [page1, page2, videoSingle, player] = await Promise.all([
    readJson<youtube_v3.Schema$PlaylistItemListResponse>(dir, 'ytapi_playlistItems_paged_1.json'),
    readJson<youtube_v3.Schema$PlaylistItemListResponse>(dir, 'ytapi_playlistItems_paged_2.json'),
    readJson<youtube_v3.Schema$VideoListResponse>(dir, 'ytapi_videos_list_single.json'),
    readJson<Record<string, unknown>>(dir, 'yt_innertube_player_response_captionTracks.json'),
  ]);
  const playlistItems = [...(page1.items ?? []), ...(page2.items ?? [])];
  const newestFirst = [...playlistItems].sort((a, b) =>
    (b.snippet?.publishedAt ?? '').localeCompare(a.snippet?.publishedAt ?? ''),
  );
  const uploads = [privateItem(), ...newestFirst.map((item, index) => toUploadsItem(item, index + 1))];
  return { playlistPages: [page1, page2], playlistItems, uploads, videoSingle, player };
}

/** A videos.list resource for a playlist entry (snippet part only). */
function videoFromItem(item: PlaylistItem): youtube_v3.Schema$Video {
  const snippet = item.snippet ?? {};
  const videoId = snippet.resourceId?.videoId ?? '';
  return {
    kind: 'youtube#video',
    etag: `fake-etag-video-${videoId}`,
    id: videoId,
    snippet: {
      publishedAt: snippet.publishedAt ?? null,
      channelId: snippet.channelId ?? null,
      title: snippet.title ?? null,
      description: snippet.description ?? null,
      thumbnails: snippet.thumbnails ?? {},
      channelTitle: snippet.channelTitle ?? null,
      liveBroadcastContent: 'none',
    },
  };
}

/** Title, channel and thumbnail of any video the fake knows, for feeds, pages and oEmbed. */
export function knownVideo(catalog: FakeCatalog, videoId: string): youtube_v3.Schema$Video | null {
  const single = catalog.videoSingle.items?.find((video) => video.id === videoId);
  if (single) return single;
  const item = catalog.playlistItems.find((entry) => entry.snippet?.resourceId?.videoId === videoId);
  if (item) return videoFromItem(item);
  if (videoId === FAKE_PLAYER_VIDEO_ID) {
    const details = catalog.player['videoDetails'] as { title?: string; author?: string; channelId?: string } | undefined;
    return {
      kind: 'youtube#video',
      id: videoId,
      snippet: { title: details?.title ?? '', channelTitle: details?.author ?? '', channelId: details?.channelId ?? '' },
    };
  }
  return null;
}
