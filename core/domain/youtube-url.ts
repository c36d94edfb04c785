/**
 * What a pasted source address points at (design §3: channel, playlist, single video or an
 * offline `fixture:` key), plus the watch and embed links the site builds. Browser-safe: only
 * the WHATWG URL global is used.
 */
import type { ContentType } from './enums.js';
import { isStartTime } from './youtube-watch.js';

export { watchUrl } from './youtube-watch.js';

type ChannelReference = 'handle' | 'id' | 'custom' | 'user';
/** How a video link was written; the embed player accepts only some forms (spec §2 screen 10). */
type VideoLinkForm = 'watch' | 'short-link' | 'live' | 'shorts' | 'embed';

export type YoutubeSource =
  /** `value` is the handle without "@", the UC… id, or the /c/ or /user/ name. */
  | { kind: 'channel'; by: ChannelReference; value: string }
  | { kind: 'playlist'; playlistId: string }
  /**
   * A link with both v= and list= is a video: the viewer asked for that video, and the playlist
   * it was opened from is kept in `playlistId`. `startSeconds` comes from t= or start=.
   */
  | { kind: 'video'; videoId: string; form: VideoLinkForm; playlistId?: string; startSeconds?: number }
  | { kind: 'fixture'; key: string };

type VideoSource = Extract<YoutubeSource, { kind: 'video' }>;

export type ParseYoutubeUrlResult = { ok: true; source: YoutubeSource } | { ok: false; reason: string };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
// Real ids are 13 (RD mixes) to 41 (OLAK5uy_ albums) characters; the 2-letter private lists
// (WL, LL) cannot be read by anyone but their owner, so they are refused too.
const PLAYLIST_ID = /^[A-Za-z0-9_-]{12,64}$/;
const HANDLE = /^[\p{L}\p{N}_.-]{3,30}$/u;
const CHANNEL_NAME = /^[\p{L}\p{N}_.-]{1,100}$/u;
const FIXTURE_KEY = /^[a-z0-9-]+$/;

const YOUTUBE_HOSTS = new Set([
  'youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com',
  'youtube-nocookie.com', 'www.youtube-nocookie.com',
]);
const SHORT_LINK_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const VIDEO_SITE_DOMAINS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com'];
// A /live/ link names an ordinary video id, which the player plays (issue 13); /shorts/ are not meetings.
const EMBEDDABLE_FORMS: ReadonlySet<VideoLinkForm> = new Set(['watch', 'short-link', 'live', 'embed']);

const accept = (source: YoutubeSource): ParseYoutubeUrlResult => ({ ok: true, source });
const reject = (reason: string): ParseYoutubeUrlResult => ({ ok: false, reason });

/** Classifies a pasted address; never throws, bad input gives `{ok: false, reason}`. */
export function parseYoutubeUrl(input: string): ParseYoutubeUrlResult {
  const text = input.trim();
  if (!text) return reject('the address is empty');
  const fixture = /^fixture:(.*)$/i.exec(text);
  if (fixture) {
    const key = fixture[1] ?? '';
    return FIXTURE_KEY.test(key)
      ? accept({ kind: 'fixture', key })
      : reject('a fixture key must be lowercase letters, digits and hyphens');
  }
  const url = toWebUrl(text);
  if (typeof url === 'string') return reject(url);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (SHORT_LINK_HOSTS.has(host)) return readVideo(url, pathSegments(url)[0], 'short-link');
  if (!YOUTUBE_HOSTS.has(host)) return reject(`${host} is not a YouTube address`);
  return readYoutubePath(url);
}

/** Spec §5: a video-site host (YouTube, its short links, Vimeo, any subdomain) means video. */
export function isVideoHostUrl(url: string): boolean {
  const parsed = toWebUrl(url.trim());
  if (typeof parsed === 'string') return false;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  return VIDEO_SITE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The content type preselected when an admin types a source address (spec §5). */
export function suggestContentType(url: string): Extract<ContentType, 'video' | 'site'> {
  return isVideoHostUrl(url) ? 'video' : 'site';
}

/**
 * Player address for a bare video id or a watch-style, youtu.be, /live/ or /embed/ link; null
 * for anything else (including /shorts/ links), where the page shows 'Unable to embed
 * video' (spec §2 screen 10). A start time in the link is kept unless `startSeconds` is given.
 */
export function embedUrl(videoUrlOrId: string, startSeconds?: number): string | null {
  const text = videoUrlOrId.trim();
  let videoId = text;
  let start = startSeconds;
  if (!VIDEO_ID.test(text)) {
    const parsed = parseYoutubeUrl(text);
    if (!parsed.ok || parsed.source.kind !== 'video') return null;
    if (!EMBEDDABLE_FORMS.has(parsed.source.form)) return null;
    videoId = parsed.source.videoId;
    start ??= parsed.source.startSeconds;
  }
  const base = `https://www.youtube.com/embed/${videoId}`;
  return isStartTime(start) ? `${base}?start=${Math.floor(start)}` : base;
}

/**
 * The platform video id a meeting's page can embed: from its stored link when it has one
 * (watch, youtu.be, /live/ or /embed/ forms), else from its id. Null means 'Unable to embed
 * video'. The server sends it with the meeting (`embed_video_id`), so the browser does without
 * this file's parsing of every address form (issue 25's budget).
 */
export function embeddableVideoId(video: { video_url: string | null; video_id: string }): string | null {
  const src = embedUrl(video.video_url?.trim() || video.video_id);
  if (!src) return null;
  return new URL(src).pathname.split('/').pop() || null;
}

// People paste "youtube.com/watch?v=…" without a scheme; anything with a scheme other than
// http(s) (javascript:, data:, ftp://) is refused rather than guessed at.
function toWebUrl(text: string): URL | string {
  let candidate = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (!/^https?:/i.test(text)) return 'only http and https addresses are supported';
  } else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) {
    return 'only http and https addresses are supported';
  } else {
    candidate = text.startsWith('//') ? `https:${text}` : `https://${text}`;
  }
  try {
    return new URL(candidate);
  } catch {
    return 'not a valid web address';
  }
}

function pathSegments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

function readYoutubePath(url: URL): ParseYoutubeUrlResult {
  const [first, second] = pathSegments(url);
  const list = url.searchParams.get('list');
  if (first === 'watch') {
    if (url.searchParams.has('v')) return readVideo(url, url.searchParams.get('v') ?? '', 'watch');
    return list ? readPlaylist(list) : reject('a watch link needs a v= video id');
  }
  if (first === 'playlist') return readPlaylist(list ?? '');
  if (first === 'embed' && second === 'videoseries') return readPlaylist(list ?? '');
  if (first === 'embed' || first === 'v' || first === 'e') return readVideo(url, second, 'embed');
  if (first === 'live' || first === 'shorts') return readVideo(url, second, first);
  if (first?.startsWith('@')) return readChannel('handle', first.slice(1), HANDLE);
  if (first === 'channel') return readChannel('id', second, CHANNEL_ID);
  if (first === 'c') return readChannel('custom', second, CHANNEL_NAME);
  if (first === 'user') return readChannel('user', second, CHANNEL_NAME);
  if (!first) return reject('the address names no video, channel or playlist');
  return reject(`unrecognised YouTube path /${first}`);
}

function readVideo(url: URL, id: string | undefined, form: VideoLinkForm): ParseYoutubeUrlResult {
  if (!id || !VIDEO_ID.test(id)) return reject('a video id is exactly 11 letters, digits, - or _');
  const source: VideoSource = { kind: 'video', videoId: id, form };
  const list = url.searchParams.get('list');
  if (list && PLAYLIST_ID.test(list)) source.playlistId = list;
  const start = parseStartTime(url.searchParams.get('t') ?? url.searchParams.get('start'));
  if (start !== null) source.startSeconds = start;
  return accept(source);
}

function readPlaylist(list: string): ParseYoutubeUrlResult {
  if (!PLAYLIST_ID.test(list)) return reject('the playlist id (list=) is missing or malformed');
  return accept({ kind: 'playlist', playlistId: list });
}

function readChannel(
  by: ChannelReference,
  value: string | undefined,
  pattern: RegExp,
): ParseYoutubeUrlResult {
  if (!value || !pattern.test(value)) return reject(`malformed channel ${by} in the address`);
  return accept({ kind: 'channel', by, value });
}

// t= comes as "120", "120s" or "1h2m3s".
function parseStartTime(value: string | null): number | null {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value ?? '');
  if (!match || !value) return null;
  const [, h, m, s] = match;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

/**
 * What a YouTube source address points at, the same however it is written: "youtube.com/@Fairview"
 * and "https://m.youtube.com/@fairview/videos" are one channel, youtu.be and watch?v= links one
 * video. Null for an address that is not a YouTube source (compare those as written).
 */
export function sourceIdentity(address: string): string | null {
  const parsed = parseYoutubeUrl(address);
  if (!parsed.ok) return null;
  const { source } = parsed;
  switch (source.kind) {
    case 'video':
      return `video:${source.videoId}`;
    case 'playlist':
      return `playlist:${source.playlistId}`;
    case 'fixture':
      return `fixture:${source.key}`;
    case 'channel':
      // UC… ids are case-sensitive; handles and channel names are not.
      return `channel:${source.by}:${source.by === 'id' ? source.value : source.value.toLowerCase()}`;
  }
}
