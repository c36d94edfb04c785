/** parseTranscriptFile on JSON: arrays of timed lines and CouncilDataProject's files. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { offsetsInMilliseconds, parseTranscriptFile } from './transcript-formats.js';
import { expectFormatError } from '../testing/expect-format-error.js';
import { realFixtures } from '../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

function readRealFixture(name: string): string {
  return readFileSync(path.join(REAL ?? '', name), 'utf8');
}

describe('JSON arrays', () => {
  it('reads {text, start, duration} in seconds', () => {
    const json = JSON.stringify([
      { text: 'Good evening', start: 0.5, duration: 2.25 },
      { text: 'Roll call &amp;#39;please&amp;#39;', start: 2.75, duration: 3 },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-seconds');
    expect(parsed.segments).toEqual([
      { start_ms: 500, end_ms: 2750, speaker: null, text: 'Good evening' },
      { start_ms: 2750, end_ms: 5750, speaker: null, text: "Roll call 'please'" },
    ]);
  });

  it('reads youtube-transcript srv3 output (integer milliseconds)', () => {
    const json = JSON.stringify([
      { text: 'Good evening', offset: 1200, duration: 2400, lang: 'en' },
      { text: 'welcome', offset: 3600, duration: 1800, lang: 'en' },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-milliseconds');
    expect(parsed.segments.map((s) => [s.start_ms, s.end_ms])).toEqual([[1200, 3600], [3600, 5400]]);
  });

  it('reads youtube-transcript classic output (decimal seconds)', () => {
    const json = JSON.stringify([
      { text: 'Good evening', offset: 1.2, duration: 2.4, lang: 'en' },
      { text: 'welcome', offset: 3.6, duration: 1.8, lang: 'en' },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-seconds');
    expect(parsed.segments.map((s) => [s.start_ms, s.end_ms])).toEqual([[1200, 3600], [3600, 5400]]);
  });

  it('decides the offset unit by integers and plausible caption lengths', () => {
    expect(offsetsInMilliseconds([{ offset: 0, duration: 5 }, { offset: 5, duration: 4 }])).toBe(false);
    expect(offsetsInMilliseconds([{ offset: 0, duration: 4000 }])).toBe(true);
    expect(offsetsInMilliseconds([{ offset: 40_000, duration: 0 }])).toBe(true);
    expect(offsetsInMilliseconds([{ offset: 7200.5, duration: 3 }])).toBe(false);
    expect(offsetsInMilliseconds([{ offset: 100, duration: 61 }])).toBe(true);
    expect(offsetsInMilliseconds([])).toBe(false);
  });

  it('reads {segments: [...]} wrappers and our own start_ms segments with speakers', () => {
    const json = JSON.stringify({
      segments: [{ start_ms: 0, end_ms: 1500, speaker: 'Mayor', text: 'Welcome.' }],
    });
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-segments');
    expect(parsed.segments).toEqual([{ start_ms: 0, end_ms: 1500, speaker: 'Mayor', text: 'Welcome.' }]);
  });

  it('uses an explicit end, skips empty texts and never ends before the start', () => {
    const json = JSON.stringify([
      { text: 'a', start: 1, end: 2 },
      { text: '  \n ', start: 2, duration: 1 },
      { text: 'b', start: 3, end: 2 },
    ]);
    expect(parseTranscriptFile(json, { filename: 'x.json' }).segments).toEqual([
      { start_ms: 1000, end_ms: 2000, speaker: null, text: 'a' },
      { start_ms: 3000, end_ms: 3000, speaker: null, text: 'b' },
    ]);
  });
});

describe('CouncilDataProject JSON', () => {
  it.skipIf(!REAL)('reads the real timestamped-sentences file', () => {
    const parsed = parseTranscriptFile(readRealFixture('cdp_seattle_2019-06-25_committee_sentences.json'));
    expect(parsed.format).toBe('cdp-sentences');
    expect(parsed.segments).toHaveLength(377);
    expect(parsed.segments[0]).toMatchObject({ start_ms: 17_800, end_ms: 24_200, speaker: null });
    expect(parsed.segments[0]?.text).toMatch(/^Good morning, and welcome to the June 25th meeting/);
    expect(parsed.segments.at(-1)).toEqual({
      start_ms: 4_391_000, end_ms: 4_398_400, speaker: null, text: 'It is 10:52 a.m.',
    });
  });

  it.skipIf(!REAL)('groups the real timestamped-words file into sentences', () => {
    const raw = readRealFixture('cdp_seattle_2019-07-15_briefing_words.json');
    const parsed = parseTranscriptFile(raw);
    expect(parsed.format).toBe('cdp-words');
    expect(parsed.segments[0]).toEqual({ start_ms: 14_400, end_ms: 16_500, speaker: null, text: 'Okay.' });
    expect(parsed.segments[1]?.text).toBe('Good morning.');
    expect(parsed.segments.at(-1)?.text).toMatch(/adjourned\.$/);
    expect(parsed.segments.at(-1)?.end_ms).toBe(1_658_300);
    const words = parsed.segments.reduce((n, s) => n + s.text.split(' ').length, 0);
    expect(words).toBe((JSON.parse(raw) as { data: unknown[] }).data.length);
    for (const segment of parsed.segments) {
      expect(segment.text.split(' ').length).toBeLessThanOrEqual(80);
    }
  });

  it.skipIf(!REAL)('reads the real CDP v4 sentences file', () => {
    const parsed = parseTranscriptFile(readRealFixture('cdp_v4_seattle_briefing_transcript_clip.json'));
    expect(parsed.format).toBe('cdp-v4');
    expect(parsed.segments).toHaveLength(7);
    expect(parsed.segments[0]).toEqual({ start_ms: 1432, end_ms: 4297, speaker: null, text: 'Good morning.' });
    expect(parsed.segments.at(-1)?.end_ms).toBe(180_000);
  });

  it('keeps CDP v4 speaker names', () => {
    const json = JSON.stringify({
      sentences: [{ text: 'Thank you.', start_time: 1, end_time: 2, speaker_name: 'Bruce Harrell' }],
    });
    expect(parseTranscriptFile(json).segments[0]?.speaker).toBe('Bruce Harrell');
  });

  it('splits unpunctuated word streams every 80 words', () => {
    const data = Array.from({ length: 170 }, (_, i) => ({ text: 'word', start_time: i, end_time: i + 1 }));
    const parsed = parseTranscriptFile(JSON.stringify({ format: 'timestamped-words', data }));
    expect(parsed.segments.map((s) => s.text.split(' ').length)).toEqual([80, 80, 10]);
    expect(parsed.segments[1]).toMatchObject({ start_ms: 80_000, end_ms: 160_000 });
  });

  it('rejects other CDP formats', () => {
    expectFormatError(
      () => parseTranscriptFile(JSON.stringify({ format: 'raw', data: [] })),
      /unsupported CouncilDataProject transcript format "raw"/,
    );
  });
});
