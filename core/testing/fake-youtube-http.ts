/** Types, reply helpers and XML escaping shared by the fake YouTube's route handlers. */
import type { FakeCue } from './fake-youtube-captions.js';
import type { FakeCatalog } from './fake-youtube-data.js';

export interface FakeYoutubeOptions {
  /** Only this key is accepted; any other gets the real 400 API_KEY_INVALID answer. Default: any key. */
  apiKey?: string;
  /** Every Data API connection is closed before an answer, as a network cut or a resetting proxy does. */
  dataApiHangsUp?: boolean;
  /** Every Data API call gets the real 403 quotaExceeded answer. */
  quotaExceeded?: boolean;
  /** Caption track format: srv3 (`<p t d>` in ms, the default) or classic (`<text start dur>` in s). */
  captionFormat?: 'srv3' | 'classic';
  /** Cues per video id; other videos get DEFAULT_CUES. */
  cues?: Record<string, FakeCue[]>;
  /** Videos whose player answer has no captions (captions disabled by the uploader). */
  captionsDisabled?: string[];
  /** Videos that do not exist (removed or never uploaded). */
  unavailableVideos?: string[];
  /** Caption endpoints answer 429 and the watch page shows a captcha, as when YouTube throttles. */
  throttled?: boolean;
  /** InnerTube refuses (400), so youtube-transcript falls back to scraping the watch page. */
  innertubeFails?: boolean;
  /** Where the recorded responses live (/work/shared/fixtures/real by default). */
  realFixturesDir?: string;
}

export interface FakeRequest {
  method: string;
  url: URL;
  body: string;
}

export interface FakeReply {
  status: number;
  contentType: string;
  body: string;
}

export interface FakeContext {
  catalog: FakeCatalog;
  options: FakeYoutubeOptions;
}

export type FakeHandler = (request: FakeRequest, context: FakeContext) => FakeReply | null;

export function json(status: number, body: unknown): FakeReply {
  return { status, contentType: 'application/json; charset=UTF-8', body: JSON.stringify(body, null, 2) };
}

export function text(status: number, contentType: string, body: string): FakeReply {
  return { status, contentType, body };
}

/** Text as YouTube writes it into XML and HTML, for the adapters' decoding to undo. */
export function escapeXml(raw: string): string {
  return raw
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
