/**
 * TranscriptSource over the `youtube-transcript` package (InnerTube player, falling back to
 * the watch page, then the caption track). Its `offset`/`duration` are in MILLISECONDS when
 * the track is srv3 (`<p t="1000" d="2500">`, what the baseUrls with fmt=srv3 return) and in
 * SECONDS for the classic format (`<text start="1.2" dur="2.5">`). Its parser tries srv3 first
 * and uses classic only when no srv3 cue has text, so we apply the same test to the track body
 * we saw go by: the unit is known, not guessed. Only if no body was seen do we fall back to the
 * shape heuristic shared with transcript file imports.
 */
import {
  fetchTranscript as fetchYoutubeTranscript,
  YoutubeTranscriptDisabledError,
  YoutubeTranscriptError,
  YoutubeTranscriptNotAvailableError,
  YoutubeTranscriptNotAvailableLanguageError,
  YoutubeTranscriptTooManyRequestError,
  YoutubeTranscriptVideoUnavailableError,
  type TranscriptResponse,
} from 'youtube-transcript';
import { offsetsInMilliseconds } from '../../domain/transcript-formats.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { AppError, isAppError } from '../../errors.js';
import type { FetchTranscriptOptions, TranscriptSource } from '../../ports/transcript-source.js';
import { decodeXmlEntities } from '../youtube/xml-text.js';
import { createCaptionFetch, newCaptionTraffic, type CaptionTraffic } from './caption-fetch.js';

export interface YoutubeTranscriptSourceOptions {
  /** https://www.youtube.com by default; a fake's URL in tests and demos. */
  webBaseUrl?: string;
  timeoutMs?: number;
  /** Tried when the caller names no language; the video's first track if it has none in it. */
  defaultLang?: string;
  fetch?: typeof globalThis.fetch;
}

export type CaptionUnit = 'ms' | 's';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const SRV3_CUE = /<p\s+t="\d+"\s+d="\d+"[^>]*>([\s\S]*?)<\/p>/g;

/** The unit youtube-transcript used for a track body: the same srv3-first rule as its parser. */
export function captionUnit(body: string): CaptionUnit {
  for (const match of body.matchAll(SRV3_CUE)) {
    if ((match[1] ?? '').replace(/<[^>]+>/g, '').trim()) return 'ms';
  }
  return 's';
}

/**
 * Library items to segments. The library decodes entities once; classic tracks are encoded
 * twice ("&amp;#39;"), so a second pass is needed. Line breaks inside a cue become spaces.
 */
export function toSegments(items: readonly TranscriptResponse[], unit: CaptionUnit): TranscriptSegment[] {
  const factor = unit === 'ms' ? 1 : 1000;
  const segments: TranscriptSegment[] = [];
  for (const item of items) {
    const text = decodeXmlEntities(item.text).replace(/\s+/g, ' ').trim();
    if (!text || !Number.isFinite(item.offset) || item.offset < 0) continue;
    const start = Math.round(item.offset * factor);
    const duration = Number.isFinite(item.duration) && item.duration > 0 ? item.duration : 0;
    segments.push({ start_ms: start, end_ms: Math.round((item.offset + duration) * factor), speaker: null, text });
  }
  return segments;
}

function availableLanguages(error: Error): string {
  return /Available languages: (.*)$/.exec(error.message)?.[1]?.trim() || 'none';
}

function toTranscriptError(error: unknown, videoId: string, lang: string | undefined, traffic: CaptionTraffic, timeoutMs: number): unknown {
  if (isAppError(error)) return error;
  const options = { cause: error };
  const unplayable = traffic.playability && traffic.playability.status !== 'OK' ? traffic.playability : null;
  const throttled = traffic.throttled && (error instanceof YoutubeTranscriptVideoUnavailableError || error instanceof YoutubeTranscriptNotAvailableError);
  if (error instanceof YoutubeTranscriptTooManyRequestError || throttled) {
    return new AppError('RATE_LIMITED', `YouTube is throttling caption requests from this address (captcha or HTTP 429) for video ${videoId}; try again later`, options);
  }
  if (unplayable && (error instanceof YoutubeTranscriptDisabledError || error instanceof YoutubeTranscriptVideoUnavailableError)) {
    return new AppError('NOT_FOUND', `YouTube video ${videoId} is unavailable: ${unplayable.reason ?? unplayable.status}`, options);
  }
  if (error instanceof YoutubeTranscriptDisabledError) return new AppError('NOT_FOUND', `Captions are disabled for video ${videoId}`, options);
  if (error instanceof YoutubeTranscriptVideoUnavailableError) {
    return new AppError('NOT_FOUND', `YouTube video ${videoId} is unavailable (removed, private or mistyped)`, options);
  }
  if (error instanceof YoutubeTranscriptNotAvailableLanguageError) {
    return new AppError('NOT_FOUND', `No "${lang}" captions for video ${videoId} (available: ${availableLanguages(error)})`, options);
  }
  if (error instanceof YoutubeTranscriptNotAvailableError) {
    return new AppError('NOT_FOUND', `No captions could be downloaded for video ${videoId}`, options);
  }
  if (error instanceof YoutubeTranscriptError) {
    return new AppError('UPSTREAM', `Reading the captions of video ${videoId} failed: ${error.message.replace(/^\[YoutubeTranscript\]\s*\S*\s*/u, '')}`, options);
  }
  if (traffic.timedOut) {
    return new AppError('UPSTREAM', `YouTube did not answer in time (${timeoutMs / 1000} s) for the captions of video ${videoId}`, options);
  }
  const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new AppError('UPSTREAM', `Could not reach YouTube for the captions of video ${videoId}: ${reason}`, options);
}

export function createYoutubeTranscriptSource(options: YoutubeTranscriptSourceOptions = {}): TranscriptSource {
  const baseUrl = options.webBaseUrl ?? 'https://www.youtube.com';
  const timeoutMs = options.timeoutMs ?? 20_000;
  const defaultLang = options.defaultLang ?? 'en';

  async function attempt(videoId: string, lang: string | undefined, signal: AbortSignal | undefined): Promise<TranscriptSegment[]> {
    const traffic = newCaptionTraffic();
    const fetch = createCaptionFetch({ baseUrl, timeoutMs, signal, fetch: options.fetch ?? globalThis.fetch, traffic });
    let items: TranscriptResponse[];
    try {
      items = await fetchYoutubeTranscript(videoId, lang ? { lang, fetch } : { fetch });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw toTranscriptError(error, videoId, lang, traffic, timeoutMs);
    }
    const unit = traffic.captionBody === null ? (offsetsInMilliseconds(items) ? 'ms' : 's') : captionUnit(traffic.captionBody);
    const segments = toSegments(items, unit);
    if (segments.length === 0) throw new AppError('NOT_FOUND', `The captions of video ${videoId} are empty`);
    return segments;
  }

  return {
    async fetchTranscript(videoId: string, fetchOptions: FetchTranscriptOptions = {}): Promise<TranscriptSegment[]> {
      if (!VIDEO_ID.test(videoId)) throw new AppError('BAD_INPUT', `Not a YouTube video id: ${JSON.stringify(videoId)}`);
      const { signal, lang } = fetchOptions;
      if (signal?.aborted) throw signal.reason;
      try {
        return await attempt(videoId, lang ?? defaultLang, signal);
      } catch (error) {
        // Only the default language may be dropped: a language the caller asked for is a requirement.
        const noDefault = lang === undefined && isAppError(error) && error.cause instanceof YoutubeTranscriptNotAvailableLanguageError;
        if (!noDefault) throw error;
        return attempt(videoId, undefined, signal);
      }
    },
  };
}
