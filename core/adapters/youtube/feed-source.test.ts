import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CHANNEL, FAKE_PLAYLIST_ID, startFakeYoutube, type FakeYoutube } from '../../testing/fake-youtube.js';
import { parseAtomFeed } from './atom-feed.js';
import { createFeedSource, findChannelId } from './feed-source.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let fake: FakeYoutube;
const source = () => createFeedSource({ feedBaseUrl: fake.url, webBaseUrl: fake.url, timeoutMs: 5_000 });

beforeAll(async () => {
  if (REAL) fake = await startFakeYoutube();
});
afterAll(() => (REAL ? fake.close() : undefined));
beforeEach(() => {
  if (!REAL) return;
  fake.requests.length = 0;
});

describe.skipIf(!REAL)('feed source', () => {
  it('reads the channel feed, newest first, with entities decoded and dates in UTC ISO', async () => {
    const videos = await source().listVideos(`https://www.youtube.com/channel/${FAKE_CHANNEL.id}`);
    expect(fake.requests).toEqual([`GET /feeds/videos.xml?channel_id=${FAKE_CHANNEL.id}`]);
    expect(videos).toHaveLength(13);
    expect(videos[0]).toMatchObject({ videoId: 'Fu2bldybpkA', publishedAt: '2019-11-23T00:49:59.000Z', channelTitle: 'Google Developers' });
    const serverless = videos.find((v) => v.videoId === 'vN6uK5Qm23c');
    expect(serverless).toMatchObject({
      title: 'Serverless & AI/ML - Pittsburgh ML Summit ‘19',
      thumbnailUrl: 'https://i1.ytimg.com/vi/vN6uK5Qm23c/hqdefault.jpg',
      videoUrl: 'https://www.youtube.com/watch?v=vN6uK5Qm23c',
    });
    expect(serverless?.description).toContain('Subscribe to Google Developers → https://goo.gle/developers');
  });

  it('resolves @handle, /c/ and /user/ addresses through the channel page', async () => {
    for (const url of ['https://www.youtube.com/@GoogleDevelopers', 'youtube.com/c/GoogleDevelopers', 'https://m.youtube.com/user/GoogleDevelopers']) {
      const videos = await source().listVideos(url, { limit: 2 });
      expect(videos.map((v) => v.videoId)).toEqual(['Fu2bldybpkA', 'ECGpZCFUL8s']);
    }
    expect(fake.requests).toEqual([
      'GET /@GoogleDevelopers',
      `GET /feeds/videos.xml?channel_id=${FAKE_CHANNEL.id}`,
      'GET /c/GoogleDevelopers',
      `GET /feeds/videos.xml?channel_id=${FAKE_CHANNEL.id}`,
      'GET /user/GoogleDevelopers',
      `GET /feeds/videos.xml?channel_id=${FAKE_CHANNEL.id}`,
    ]);
  });

  it('reads a playlist feed and applies since', async () => {
    const since = new Date('2019-11-23T00:45:00Z');
    const videos = await source().listVideos(`https://www.youtube.com/playlist?list=${FAKE_PLAYLIST_ID}`, { since });
    expect(fake.requests).toEqual([`GET /feeds/videos.xml?playlist_id=${FAKE_PLAYLIST_ID}`]);
    expect(videos.map((v) => v.videoId)).toEqual(['Fu2bldybpkA', 'ECGpZCFUL8s', '6aSG8SdvkoU']);
  });

  it('describes a single video through oEmbed, without a date', async () => {
    const videos = await source().listVideos('https://youtu.be/D-lhorsDlUQ');
    expect(videos).toEqual([
      {
        videoId: 'D-lhorsDlUQ',
        title: 'What are Actions on Google (Assistant on Air)',
        description: '',
        channelTitle: 'Google Developers',
        publishedAt: null,
        thumbnailUrl: 'https://i.ytimg.com/vi/D-lhorsDlUQ/hqdefault.jpg',
        videoUrl: 'https://www.youtube.com/watch?v=D-lhorsDlUQ',
      },
    ]);
    const oembed = new URL(fake.requests[0]?.split(' ')[1] ?? '', fake.url);
    expect(oembed.pathname).toBe('/oembed');
    expect(oembed.searchParams.get('url')).toBe('https://www.youtube.com/watch?v=D-lhorsDlUQ');
  });

  it('reports unknown channels, feeds and videos as NOT_FOUND', async () => {
    await expect(source().listVideos('https://www.youtube.com/@nosuchcouncil')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No YouTube channel at youtube.com/@nosuchcouncil',
    });
    await expect(source().listVideos('https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('No public YouTube feed for channel UCaaaaaaaaaaaaaaaaaaaaaa'),
    });
    await expect(source().listVideos('https://youtu.be/aaaaaaaaaaa')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports an unreachable YouTube as UPSTREAM', async () => {
    const closed = await startFakeYoutube();
    await closed.close();
    const offline = createFeedSource({ feedBaseUrl: closed.url, webBaseUrl: closed.url });
    await expect(offline.listVideos(`https://www.youtube.com/channel/${FAKE_CHANNEL.id}`)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: expect.stringMatching(/^Could not reach YouTube for the feed of channel UC_x5XG1OV2P6uZZ5FSM9Ttw: /),
    });
  });
});

describe('Atom and page parsing', () => {
  it('handles CDATA, numeric references and entries without yt:videoId', () => {
    const feed = parseAtomFeed(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Board &#x26; Council</title>
      <entry><id>yt:video:abcdefghijk</id><title><![CDATA[Budget <Hearing> & Vote]]></title>
      <media:group><media:title>ignored</media:title><media:thumbnail url='https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg'/>
      <media:description>Line one&#10;It&apos;s &quot;done&quot;</media:description></media:group>
      <published>2026-01-14T10:30:00-08:00</published></entry>
      <entry><title>no id</title></entry></feed>`);
    expect(feed.title).toBe('Board & Council');
    expect(feed.entries).toEqual([
      {
        videoId: 'abcdefghijk',
        title: 'Budget <Hearing> & Vote',
        description: 'Line one\nIt\'s "done"',
        authorName: null,
        published: '2026-01-14T10:30:00-08:00',
        thumbnailUrl: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
      },
    ]);
  });

  it('finds the channel id in canonical links, meta tags or page data', () => {
    const id = 'UCabcdefghijklmnopqrstuv';
    expect(findChannelId(`<link rel="canonical" href="https://www.youtube.com/channel/${id}">`)).toBe(id);
    expect(findChannelId(`<meta itemprop="identifier" content="${id}">`)).toBe(id);
    expect(findChannelId(`{"channelId":"UCzzzzzzzzzzzzzzzzzzzzzz","externalId":"${id}"}`)).toBe(id);
    expect(findChannelId('<html>consent page</html>')).toBeNull();
  });
});
