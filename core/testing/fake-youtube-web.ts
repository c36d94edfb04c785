/** The fake youtube.com pages the key-less adapter reads: Atom feeds, channel pages and oEmbed. */
import type { youtube_v3 } from '@googleapis/youtube';
import { FAKE_CHANNEL, FAKE_PLAYLIST_ID, knownVideo, type FakeCatalog } from './fake-youtube-data.js';
import { escapeXml, json, text, type FakeContext, type FakeReply, type FakeRequest } from './fake-youtube-http.js';

const FEED_LIMIT = 15;
const CHANNEL_URL = `https://www.youtube.com/channel/${FAKE_CHANNEL.id}`;

/** The feed writes offsets ("2019-11-21T22:17:43+00:00"), not the API's "…000Z". */
const atomDate = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00') : '');

function atomEntry(item: youtube_v3.Schema$PlaylistItem): string {
  const snippet = item.snippet ?? {};
  const id = snippet.resourceId?.videoId ?? '';
  const title = escapeXml(snippet.title ?? '');
  const published = atomDate(item.contentDetails?.videoPublishedAt ?? snippet.publishedAt);
  return ` <entry>
  <id>yt:video:${id}</id>
  <yt:videoId>${id}</yt:videoId>
  <yt:channelId>${FAKE_CHANNEL.id}</yt:channelId>
  <title>${title}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>
  <author>
   <name>${escapeXml(FAKE_CHANNEL.title)}</name>
   <uri>${CHANNEL_URL}</uri>
  </author>
  <published>${published}</published>
  <updated>${published}</updated>
  <media:group>
   <media:title>${title}</media:title>
   <media:content url="https://www.youtube.com/v/${id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${escapeXml(snippet.description ?? '')}</media:description>
   <media:community>
    <media:starRating count="412" average="5.00" min="1" max="5"/>
    <media:statistics views="15873"/>
   </media:community>
  </media:group>
 </entry>`;
}

function atomFeed(query: string, head: string, title: string, items: youtube_v3.Schema$PlaylistItem[]): FakeReply {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?${query}"/>
${head}
 <title>${escapeXml(title)}</title>
 <author>
  <name>${escapeXml(FAKE_CHANNEL.title)}</name>
  <uri>${CHANNEL_URL}</uri>
 </author>
 <published>${atomDate(FAKE_CHANNEL.publishedAt)}</published>
${items.slice(0, FEED_LIMIT).map(atomEntry).join('\n')}
</feed>
`;
  return text(200, 'text/xml; charset=UTF-8', xml);
}

function feed(catalog: FakeCatalog, url: URL): FakeReply {
  const channelId = url.searchParams.get('channel_id');
  const playlistId = url.searchParams.get('playlist_id');
  const publicUploads = catalog.uploads.filter((item) => item.contentDetails?.videoPublishedAt);
  if (channelId === FAKE_CHANNEL.id) {
    const head = ` <id>yt:channel:${FAKE_CHANNEL.id.slice(2)}</id>\n <yt:channelId>${FAKE_CHANNEL.id.slice(2)}</yt:channelId>\n <link rel="alternate" href="${CHANNEL_URL}"/>`;
    return atomFeed(`channel_id=${channelId}`, head, FAKE_CHANNEL.title, publicUploads);
  }
  if (playlistId === FAKE_PLAYLIST_ID || playlistId === FAKE_CHANNEL.uploads) {
    const head = ` <id>yt:playlist:${playlistId}</id>\n <yt:playlistId>${playlistId}</yt:playlistId>\n <yt:channelId>${FAKE_CHANNEL.id}</yt:channelId>\n <link rel="alternate" href="https://www.youtube.com/playlist?list=${playlistId}"/>`;
    const items = playlistId === FAKE_PLAYLIST_ID ? catalog.playlistItems : publicUploads;
    return atomFeed(`playlist_id=${playlistId}`, head, 'Pittsburgh ML Summit ‘19', items);
  }
  return text(404, 'text/html; charset=utf-8', '<!DOCTYPE html><html><head><title>Error 404 (Not Found)!!1</title></head><body><p><b>404.</b> That’s an error.</p></body></html>');
}

function channelPage(path: string): FakeReply | null {
  const match = /^\/(?:@([^/]+)|c\/([^/]+)|user\/([^/]+)|channel\/([^/]+))\/?(?:videos|streams|featured)?$/.exec(path);
  if (!match) return null;
  const [, handle, custom, user, id] = match.map((part) => (part === undefined ? undefined : decodeURIComponent(part).toLowerCase()));
  const name = FAKE_CHANNEL.handle.toLowerCase();
  const known = handle === name || custom === name || user === FAKE_CHANNEL.username.toLowerCase() || id === FAKE_CHANNEL.id.toLowerCase();
  if (!known) return text(404, 'text/html; charset=utf-8', '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body>This page isn\'t available.</body></html>');
  const initialData = {
    metadata: {
      channelMetadataRenderer: {
        title: FAKE_CHANNEL.title,
        externalId: FAKE_CHANNEL.id,
        channelUrl: CHANNEL_URL,
        vanityChannelUrl: `http://www.youtube.com/@${FAKE_CHANNEL.handle}`,
      },
    },
    // Pages also mention other channels (recommendations, collaborations).
    contents: { recommendation: { channelId: 'UCVYamHliCI9rw1tHR1xbkfw', title: 'Dave2D' } },
  };
  const html = `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en" system-icons typography><head>
<title>${escapeXml(FAKE_CHANNEL.title)} - YouTube</title>
<meta property="og:title" content="${escapeXml(FAKE_CHANNEL.title)}">
<link rel="canonical" href="${CHANNEL_URL}">
<meta itemprop="identifier" content="${FAKE_CHANNEL.id}">
</head><body><script nonce="fake">var ytInitialData = ${JSON.stringify(initialData)};</script></body></html>`;
  return text(200, 'text/html; charset=utf-8', html);
}

function oembed(catalog: FakeCatalog, url: URL, unavailable: readonly string[]): FakeReply {
  const target = url.searchParams.get('url') ?? '';
  const id = /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/|\/live\/)([A-Za-z0-9_-]{11})/.exec(target)?.[1];
  if (!id) return text(400, 'text/html; charset=utf-8', 'Bad Request');
  const video = unavailable.includes(id) ? null : knownVideo(catalog, id);
  if (!video) return text(404, 'text/html; charset=utf-8', 'Not Found');
  return json(200, {
    title: video.snippet?.title ?? '',
    author_name: video.snippet?.channelTitle ?? '',
    author_url: `https://www.youtube.com/@${FAKE_CHANNEL.handle}`,
    type: 'video',
    height: 113,
    width: 200,
    version: '1.0',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    thumbnail_height: 360,
    thumbnail_width: 480,
    thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" frameborder="0" allowfullscreen title="${escapeXml(video.snippet?.title ?? '')}"></iframe>`,
  });
}

export function handleWeb(request: FakeRequest, { catalog, options }: FakeContext): FakeReply | null {
  const { url } = request;
  if (request.method !== 'GET') return null;
  if (url.pathname === '/feeds/videos.xml') return feed(catalog, url);
  if (url.pathname === '/oembed') return oembed(catalog, url, options.unavailableVideos ?? []);
  return channelPage(url.pathname);
}
