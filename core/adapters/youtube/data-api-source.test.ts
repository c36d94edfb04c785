import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, isKeyRejected } from '../../errors.js';
import { FAKE_CHANNEL, FAKE_PLAYLIST_ID, startFakeYoutube, type FakeYoutube } from '../../testing/fake-youtube.js';
import { createDataApiSource } from './data-api-source.js';
import { serializeError } from '../../logger.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

interface RecordedPage {
  nextPageToken?: string;
  items: { snippet: { title: string; publishedAt: string; resourceId: { videoId: string } } }[];
}
const readRecorded = async (file: string) =>
  JSON.parse(await readFile(path.join(REAL ?? '', file), 'utf8')) as RecordedPage;

let fake: FakeYoutube;
let recorded: RecordedPage['items'];
const KEY = 'test-key-123';
const PLAYLIST_URL = `https://www.youtube.com/playlist?list=${FAKE_PLAYLIST_ID}`;
const source = () => createDataApiSource({ apiKey: KEY, rootUrl: `${fake.url}/`, timeoutMs: 5_000 });
const calls = (resource: string) => fake.requests.filter((line) => line.startsWith(`GET /youtube/v3/${resource}?`));
const newestFirstIds = () =>
  [...recorded].sort((a, b) => b.snippet.publishedAt.localeCompare(a.snippet.publishedAt)).map((item) => item.snippet.resourceId.videoId);

beforeAll(async () => {
  if (!REAL) return;
  fake = await startFakeYoutube({ apiKey: KEY });
  const [page1, page2] = await Promise.all([readRecorded('ytapi_playlistItems_paged_1.json'), readRecorded('ytapi_playlistItems_paged_2.json')]);
  recorded = [...page1.items, ...page2.items];
});
afterAll(() => (REAL ? fake.close() : undefined));
beforeEach(() => {
  if (!REAL) return;
  fake.requests.length = 0;
  fake.options.quotaExceeded = false;
});

describe.skipIf(!REAL)('Data API source: playlists', () => {
  it('follows nextPageToken across the two recorded pages and stops when page 2 has none', async () => {
    const videos = await source().listVideos(PLAYLIST_URL);
    expect(calls('playlistItems')).toHaveLength(2);
    expect(calls('playlistItems')[1]).toContain('pageToken=CAoQAA');
    expect(videos).toHaveLength(13);
    expect(videos.map((v) => v.videoId)).toEqual(newestFirstIds());
  });

  it('maps the snippet: title, description, channel, date, best thumbnail, watch URL', async () => {
    const videos = await source().listVideos(PLAYLIST_URL);
    const first = videos.find((v) => v.videoId === 'CvTApw9X8aA');
    expect(first).toMatchObject({
      title: 'Welcome from Google Developers - Pittsburgh ML Summit ‘19',
      channelTitle: 'Google Developers',
      publishedAt: '2019-11-21T22:17:43.000Z',
      thumbnailUrl: 'https://i.ytimg.com/vi/CvTApw9X8aA/maxresdefault.jpg',
      videoUrl: 'https://www.youtube.com/watch?v=CvTApw9X8aA',
    });
    expect(first?.description).toMatch(/^Kyle Paul, Regional Lead/);
  });

  it('reads a curated playlist to the end before applying limit, since it is not in date order', async () => {
    const videos = await source().listVideos(PLAYLIST_URL, { limit: 3 });
    expect(calls('playlistItems')).toHaveLength(2);
    expect(videos.map((v) => v.videoId)).toEqual(newestFirstIds().slice(0, 3));
  });

  it('reports an unknown playlist as NOT_FOUND', async () => {
    await expect(source().listVideos('https://www.youtube.com/playlist?list=PLdoesnotexist0000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining("playlist PLdoesnotexist0000 not found: The playlist identified with the request's playlistId parameter cannot be found."),
    });
  });
});

describe.skipIf(!REAL)('Data API source: channels', () => {
  it('resolves @handle through channels.list forHandle to the uploads playlist', async () => {
    const videos = await source().listVideos('https://www.youtube.com/@GoogleDevelopers');
    expect(calls('channels')).toHaveLength(1);
    expect(calls('channels')[0]).toContain('forHandle=%40GoogleDevelopers');
    expect(calls('playlistItems').every((line) => line.includes(`playlistId=${FAKE_CHANNEL.uploads}`))).toBe(true);
    // 13 videos plus one private entry, which is skipped.
    expect(videos.map((v) => v.videoId)).toEqual(newestFirstIds());
  });

  it("prefers the video's own publication date over the time it was added to the playlist", async () => {
    const [newest] = await source().listVideos('https://www.youtube.com/@GoogleDevelopers', { limit: 1 });
    expect(newest).toMatchObject({ videoId: 'Fu2bldybpkA', publishedAt: '2019-11-23T00:49:59.000Z' });
  });

  it('stops paging the uploads playlist once `limit` videos are found', async () => {
    const videos = await source().listVideos('https://www.youtube.com/@GoogleDevelopers', { limit: 3 });
    expect(calls('playlistItems')).toHaveLength(1);
    expect(videos.map((v) => v.videoId)).toEqual(newestFirstIds().slice(0, 3));
  });

  it('stops paging the uploads playlist at videos older than `since`', async () => {
    const since = new Date('2019-11-23T00:40:00Z');
    const videos = await source().listVideos(`https://www.youtube.com/channel/${FAKE_CHANNEL.id}`, { since });
    expect(calls('playlistItems')).toHaveLength(1);
    expect(videos.map((v) => v.title.split(' - ')[0])).toEqual([
      'Closing remarks', 'Panel discussion', 'Vizier: Black-box optimization and AutoML', 'Convolutional neural networks with Swift', 'Serverless & AI/ML',
    ]);
  });

  it('resolves /channel/ ids, /user/ names and /c/ names (through search)', async () => {
    for (const url of [`https://www.youtube.com/channel/${FAKE_CHANNEL.id}`, 'https://www.youtube.com/user/GoogleDevelopers', 'https://www.youtube.com/c/GoogleDevelopers']) {
      const videos = await source().listVideos(url, { limit: 2 });
      expect(videos.map((v) => v.videoId)).toEqual(newestFirstIds().slice(0, 2));
    }
    expect(calls('channels').map((line) => new URL(line.split(' ')[1] ?? '', fake.url).searchParams.toString())).toEqual([
      expect.stringContaining(`id=${FAKE_CHANNEL.id}`),
      expect.stringContaining('forUsername=GoogleDevelopers'),
      expect.stringContaining(`id=${FAKE_CHANNEL.id}`),
    ]);
    expect(calls('search')).toHaveLength(1);
  });

  it('reports a handle that matches no channel as NOT_FOUND', async () => {
    await expect(source().listVideos('https://www.youtube.com/@nosuchcouncil')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No YouTube channel @nosuchcouncil found',
    });
  });
});

describe.skipIf(!REAL)('Data API source: single videos and errors', () => {
  it('reads a single video with videos.list, whatever link form was pasted', async () => {
    for (const url of ['https://youtu.be/D-lhorsDlUQ', 'https://www.youtube.com/watch?v=D-lhorsDlUQ&t=30s', 'https://www.youtube.com/live/D-lhorsDlUQ']) {
      const videos = await source().listVideos(url);
      expect(videos).toEqual([
        {
          videoId: 'D-lhorsDlUQ',
          title: 'What are Actions on Google (Assistant on Air)',
          description: expect.stringContaining('Assistant on Air'),
          channelTitle: 'Google Developers',
          publishedAt: '2019-03-21T20:37:49.000Z',
          thumbnailUrl: 'https://i.ytimg.com/vi/D-lhorsDlUQ/maxresdefault.jpg',
          videoUrl: 'https://www.youtube.com/watch?v=D-lhorsDlUQ',
        },
      ]);
    }
    expect(calls('videos').every((line) => line.includes('id=D-lhorsDlUQ'))).toBe(true);
  });

  it('reports an unknown video as NOT_FOUND', async () => {
    await expect(source().listVideos('https://youtu.be/aaaaaaaaaaa')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('turns the 403 quotaExceeded answer into RATE_LIMITED with a readable line, without retrying', async () => {
    fake.options.quotaExceeded = true;
    const error = await source().listVideos(PLAYLIST_URL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'YouTube Data API quota exceeded: The request cannot be completed because you have exceeded your quota.',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('turns a rejected key into CONFIG naming the setting, marked as rejected by YouTube', async () => {
    const wrong = createDataApiSource({ apiKey: 'wrong-key', rootUrl: `${fake.url}/` });
    const error = await wrong.listVideos(PLAYLIST_URL).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      code: 'CONFIG',
      message: 'YouTube rejected the API key (YOUTUBE_API_KEY): API key not valid. Please pass a valid API key.',
      details: { status: 400, rejectedBy: 'youtube' },
    });
    expect(isKeyRejected(error)).toBe(true);
    expect(JSON.stringify((error as AppError).details)).not.toContain('wrong-key');
  });

  it('refuses addresses that are not YouTube sources, and bad options', async () => {
    await expect(source().listVideos('https://vimeo.com/123')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(source().listVideos(PLAYLIST_URL, { limit: 0 })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(fake.requests).toHaveLength(0);
  });

  it('passes the caller abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped by operator'));
    await expect(source().listVideos(PLAYLIST_URL, { signal: controller.signal })).rejects.toThrow('stopped by operator');
  });

  it('reports an unreachable API as UPSTREAM', async () => {
    const closed = await startFakeYoutube();
    await closed.close();
    const offline = createDataApiSource({ apiKey: KEY, rootUrl: `${closed.url}/`, timeoutMs: 2_000 });
    await expect(offline.listVideos(PLAYLIST_URL)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: expect.stringMatching(/^Could not reach the YouTube Data API for playlist PLOU2XLYxmsIKpaV8h0AGE05so0fAwwfTw: /),
    });
  });

  it('keeps the API key out of the error, its causes and its logged form when the connection drops', async () => {
    const secret = 'AIzaFAKE-RECOGNISABLE-youtube-key-0001';
    const guarded = await startFakeYoutube({ apiKey: secret, dataApiHangsUp: true });
    try {
      const error = await createDataApiSource({ apiKey: secret, rootUrl: `${guarded.url}/`, timeoutMs: 5_000 })
        .listVideos(PLAYLIST_URL)
        .catch((e: unknown) => e);
      expect(guarded.requests[0]).toContain(`key=${secret}`); // the request itself did carry it
      expect(error).toMatchObject({ code: 'UPSTREAM', message: expect.stringContaining('key=[redacted]') });
      const everything = JSON.stringify(serializeError(error)) + String((error as Error).stack);
      expect(everything).not.toContain(secret);
    } finally {
      await guarded.close();
    }
  });
});
