/**
 * The fake endpoints youtube-transcript calls: InnerTube /youtubei/v1/player (the recorded
 * answer, re-labelled for the requested video), the /watch page it falls back to, and
 * /api/timedtext serving srv3 (`fmt=srv3`, times in ms) or classic (times in s) tracks. The
 * caption baseUrls keep the real https://www.youtube.com host, since the library refuses any
 * other; the adapter's fetch sends them here.
 */
import { FAKE_PLAYER_VIDEO_ID, type FakeCatalog } from './fake-youtube-data.js';
import { escapeXml, json, text, type FakeContext, type FakeReply, type FakeRequest, type FakeYoutubeOptions } from './fake-youtube-http.js';

export interface FakeCue {
  startMs: number;
  durationMs: number;
  text: string;
}

/** A council meeting's opening, with the characters captions escape (&, quotes, apostrophes, <). */
export const DEFAULT_CUES: FakeCue[] = [
  { startMs: 1200, durationMs: 2500, text: 'Good evening & welcome to the regular meeting of the city council.' },
  { startMs: 3700, durationMs: 3100, text: "The clerk will call the roll. Councilmember O'Neil?" },
  { startMs: 6800, durationMs: 1450, text: '"Present."' },
  { startMs: 8250, durationMs: 4000, text: 'Item 4 is the budget amendment: spending < $50,000 needs no hearing.' },
  { startMs: 12250, durationMs: 2750, text: 'The motion carries 5–0.' },
];

const HTML = 'text/html; charset=utf-8';

function playerFor(catalog: FakeCatalog, videoId: string, options: FakeYoutubeOptions): Record<string, unknown> {
  let raw = JSON.stringify(catalog.player).replaceAll(FAKE_PLAYER_VIDEO_ID, videoId);
  // Without fmt=srv3 the timedtext endpoint answers in the classic format.
  if (options.captionFormat === 'classic') raw = raw.replaceAll('&fmt=srv3', '');
  const player = JSON.parse(raw) as Record<string, unknown>;
  if (options.captionsDisabled?.includes(videoId)) delete player['captions'];
  return player;
}

const unplayable = (videoId: string) => ({
  responseContext: {},
  playabilityStatus: { status: 'ERROR', reason: 'Video unavailable', errorScreen: { playerErrorMessageRenderer: { subreason: { simpleText: 'This video is unavailable' } } } },
  videoDetails: { videoId },
});

function innertube(request: FakeRequest, { catalog, options }: FakeContext): FakeReply {
  if (options.throttled) return json(429, { error: { code: 429, message: 'Too Many Requests', status: 'RESOURCE_EXHAUSTED' } });
  if (options.innertubeFails) return json(400, { error: { code: 400, message: 'Precondition check failed.', status: 'FAILED_PRECONDITION' } });
  let videoId: string;
  try {
    videoId = String((JSON.parse(request.body) as { videoId?: unknown }).videoId ?? '');
  } catch {
    return json(400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
  }
  if (options.unavailableVideos?.includes(videoId)) return json(200, unplayable(videoId));
  return json(200, playerFor(catalog, videoId, options));
}

/** The watch page carries a trimmed player response; `var ytInitialPlayerResponse = {…};` as on YouTube. */
function watchPage(url: URL, { catalog, options }: FakeContext): FakeReply {
  const videoId = url.searchParams.get('v') ?? '';
  if (options.throttled) {
    return text(429, HTML, '<html><body><form id="captcha-form"><div class="g-recaptcha" data-sitekey="fake"></div></form></body></html>');
  }
  let player: Record<string, unknown> = unplayable(videoId);
  if (!options.unavailableVideos?.includes(videoId)) {
    const full = playerFor(catalog, videoId, options);
    const details = full['videoDetails'] as Record<string, unknown> | undefined;
    player = {
      playabilityStatus: { status: 'OK', playableInEmbed: true },
      videoDetails: { videoId, title: details?.['title'], author: details?.['author'], lengthSeconds: details?.['lengthSeconds'] },
      ...(full['captions'] ? { captions: full['captions'] } : {}),
    };
  }
  const html = `<!DOCTYPE html><html lang="en"><head><title>YouTube</title></head><body>
<script nonce="fake">var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = document.createElement('meta');</script>
</body></html>`;
  return text(200, HTML, html);
}

export function srv3Track(cues: readonly FakeCue[]): string {
  const body = cues.map((cue) => `<p t="${cue.startMs}" d="${cue.durationMs}">${escapeXml(cue.text)}</p>`);
  // Speech-recognition tracks end lines with empty "append" paragraphs; the parser must skip them.
  const last = cues.at(-1);
  if (last) body.push(`<p t="${last.startMs + last.durationMs}" d="10" a="1">\n</p>`);
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n${body.join('\n')}\n</body>\n</timedtext>\n`;
}

/** Classic tracks escape twice: an apostrophe arrives as "&amp;#39;". */
export function classicTrack(cues: readonly FakeCue[]): string {
  const seconds = (ms: number) => String(ms / 1000);
  const body = cues.map((cue) => `<text start="${seconds(cue.startMs)}" dur="${seconds(cue.durationMs)}">${escapeXml(escapeXml(cue.text))}</text>`);
  body.push(`<text start="${seconds((cues.at(-1)?.startMs ?? 0) + 5000)}" dur="0.5"></text>`);
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${body.join('')}</transcript>`;
}

function timedtext(url: URL, { options }: FakeContext): FakeReply {
  if (options.throttled) return text(429, HTML, 'Too Many Requests');
  const videoId = url.searchParams.get('v') ?? '';
  if (options.captionsDisabled?.includes(videoId) || options.unavailableVideos?.includes(videoId)) return text(404, HTML, '');
  const cues = options.cues?.[videoId] ?? DEFAULT_CUES;
  const xml = url.searchParams.get('fmt') === 'srv3' ? srv3Track(cues) : classicTrack(cues);
  return text(200, 'text/xml; charset=UTF-8', xml);
}

export function handleCaptions(request: FakeRequest, context: FakeContext): FakeReply | null {
  const { url } = request;
  if (request.method === 'POST' && url.pathname === '/youtubei/v1/player') return innertube(request, context);
  if (request.method !== 'GET') return null;
  if (url.pathname === '/watch') return watchPage(url, context);
  if (url.pathname === '/api/timedtext') return timedtext(url, context);
  return null;
}
