import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { DEFAULT_CUES, classicTrack, srv3Track, startFakeYoutube, type FakeYoutube } from '../../testing/fake-youtube.js';
import { captionUnit, createYoutubeTranscriptSource, toSegments } from './youtube-transcript-source.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let fake: FakeYoutube;
const VIDEO = 'CvTApw9X8aA';
const source = () => createYoutubeTranscriptSource({ webBaseUrl: fake.url, timeoutMs: 5_000 });

const EXPECTED = [
  { start_ms: 1200, end_ms: 3700, speaker: null, text: 'Good evening & welcome to the regular meeting of the city council.' },
  { start_ms: 3700, end_ms: 6800, speaker: null, text: "The clerk will call the roll. Councilmember O'Neil?" },
  { start_ms: 6800, end_ms: 8250, speaker: null, text: '"Present."' },
  { start_ms: 8250, end_ms: 12250, speaker: null, text: 'Item 4 is the budget amendment: spending < $50,000 needs no hearing.' },
  { start_ms: 12250, end_ms: 15000, speaker: null, text: 'The motion carries 5–0.' },
];

beforeAll(async () => {
  if (REAL) fake = await startFakeYoutube();
});
afterAll(() => (REAL ? fake.close() : undefined));
beforeEach(() => {
  if (!REAL) return;
  fake.requests.length = 0;
  Object.assign(fake.options, { captionFormat: 'srv3', captionsDisabled: [], unavailableVideos: [], throttled: false, innertubeFails: false });
});

describe.skipIf(!REAL)('youtube-transcript adapter', () => {
  it('reads an srv3 track (milliseconds) through InnerTube, with entities decoded', async () => {
    const segments = await source().fetchTranscript(VIDEO);
    expect(segments).toEqual(EXPECTED);
    expect(fake.requests[0]).toBe('POST /youtubei/v1/player?prettyPrint=false');
    // The recorded player answer lists zh first; the English manual track is the one read.
    expect(fake.requests[1]).toMatch(/^GET \/api\/timedtext\?v=CvTApw9X8aA&.*&lang=en&fmt=srv3$/);
    expect(fake.requests).toHaveLength(2);
  });

  it('reads a classic track (seconds, entities escaped twice) to the same segments', async () => {
    fake.options.captionFormat = 'classic';
    const segments = await source().fetchTranscript(VIDEO);
    expect(fake.requests[1]).not.toContain('fmt=srv3');
    expect(segments).toEqual(EXPECTED);
  });

  it('gets the unit right for short srv3 cues that look like seconds', async () => {
    fake.options.cues = { [VIDEO]: [{ startMs: 0, durationMs: 40, text: 'Hi.' }, { startMs: 45, durationMs: 50, text: 'Go.' }] };
    try {
      expect(await source().fetchTranscript(VIDEO)).toEqual([
        { start_ms: 0, end_ms: 40, speaker: null, text: 'Hi.' },
        { start_ms: 45, end_ms: 95, speaker: null, text: 'Go.' },
      ]);
      fake.options.captionFormat = 'classic';
      expect((await source().fetchTranscript(VIDEO))[1]).toMatchObject({ start_ms: 45, end_ms: 95 });
    } finally {
      delete fake.options.cues;
    }
  });

  it('falls back to the watch page when InnerTube refuses', async () => {
    fake.options.innertubeFails = true;
    expect(await source().fetchTranscript(VIDEO)).toEqual(EXPECTED);
    expect(fake.requests.map((line) => line.split('?')[0])).toEqual(['POST /youtubei/v1/player', 'GET /watch', 'GET /api/timedtext']);
  });

  it('says clearly when captions are disabled', async () => {
    fake.options.captionsDisabled = [VIDEO];
    const error = await source().fetchTranscript(VIDEO).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: `Captions are disabled for video ${VIDEO}` });
  });

  it('says when the video itself is unavailable', async () => {
    fake.options.unavailableVideos = [VIDEO];
    await expect(source().fetchTranscript(VIDEO)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `YouTube video ${VIDEO} is unavailable: Video unavailable`,
    });
  });

  it('turns throttling (429, captcha) into RATE_LIMITED', async () => {
    fake.options.throttled = true;
    await expect(source().fetchTranscript(VIDEO)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('refuses a language the video lacks when it was asked for, and names the available ones', async () => {
    await expect(source().fetchTranscript(VIDEO, { lang: 'fr' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `No "fr" captions for video ${VIDEO} (available: zh, cs, en, en, de, hi, ja, ko, es)`,
    });
  });

  it('falls back to the first track when the default language is missing', async () => {
    const french = createYoutubeTranscriptSource({ webBaseUrl: fake.url, defaultLang: 'fr' });
    expect(await french.fetchTranscript(VIDEO)).toEqual(EXPECTED);
    expect(fake.requests.filter((line) => line.includes('/api/timedtext'))).toEqual([expect.stringContaining('lang=zh')]);
  });

  it('refuses what is not a video id and honours an aborted signal', async () => {
    await expect(source().fetchTranscript('not-an-id')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(source().fetchTranscript(VIDEO, { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(fake.requests).toEqual([]);
  });

  it('reports an unreachable YouTube as UPSTREAM', async () => {
    const closed = await startFakeYoutube();
    await closed.close();
    const offline = createYoutubeTranscriptSource({ webBaseUrl: closed.url });
    await expect(offline.fetchTranscript(VIDEO)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: expect.stringMatching(/^Could not reach YouTube for the captions of video CvTApw9X8aA: /),
    });
  });
});

describe('caption units', () => {
  it('follows the library: srv3 when a <p t d> cue has text, classic otherwise', () => {
    expect(captionUnit(srv3Track(DEFAULT_CUES))).toBe('ms');
    expect(captionUnit(classicTrack(DEFAULT_CUES))).toBe('s');
    expect(captionUnit('<timedtext format="3"><body><p t="0" d="10" a="1">\n</p></body></timedtext>')).toBe('s');
  });

  it('converts, drops empty cues and collapses line breaks', () => {
    const items = [
      { text: 'Line one\nline two', offset: 1.25, duration: 2, lang: 'en' },
      { text: '   ', offset: 3.25, duration: 1, lang: 'en' },
      { text: 'It&#39;s', offset: 4, duration: 0.5, lang: 'en' },
    ];
    expect(toSegments(items, 's')).toEqual([
      { start_ms: 1250, end_ms: 3250, speaker: null, text: 'Line one line two' },
      { start_ms: 4000, end_ms: 4500, speaker: null, text: "It's" },
    ]);
  });
});
