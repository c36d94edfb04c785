import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFixtures } from '../testing/real-fixtures.js';
import { parseTranscriptFile } from './transcript-formats.js';

/** Undefined in a clone without ../shared: these tests skip. */
const REAL = realFixtures();

// Whole real meetings, so that a change to format detection or to one reader cannot quietly
// drop or merge segments of files that read well today.
describe.skipIf(!REAL)('real transcript files keep their segment counts', () => {
  it.each([
    ['oakland-ca_2022-08-09_city-council-successor-agency-special_cdp-transcript.json', 'cdp-v4', 100],
    ['boston-ma_2022-05-25_city-council_captions.vtt', 'webvtt', 1129],
  ])('%s', (file, format, count) => {
    const parsed = parseTranscriptFile(readFileSync(path.join(REAL ?? '', file), 'utf8'), { filename: file });
    expect(parsed.format).toBe(format);
    expect(parsed.segments).toHaveLength(count);
    const starts = parsed.segments.map((segment) => segment.start_ms);
    expect(starts.every((start, i) => i === 0 || start >= (starts[i - 1] ?? 0))).toBe(true);
  });
});
