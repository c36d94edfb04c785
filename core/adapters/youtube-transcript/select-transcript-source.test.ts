import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYoutube, type FakeYoutube } from '../../testing/fake-youtube.js';
import { DEFAULT_FIXTURES_DIR, loadFixtureTranscript } from '../fixture/fixture-files.js';
import { createTranscriptSource } from './select-transcript-source.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let fake: FakeYoutube;

beforeAll(async () => {
  if (REAL) fake = await startFakeYoutube();
});
afterAll(() => (REAL ? fake.close() : undefined));
beforeEach(() => {
  if (!REAL) return;
  fake.requests.length = 0;
});

describe.skipIf(!REAL)('createTranscriptSource', () => {
  it('reads demo videos from the fixtures without touching the network', async () => {
    const source = createTranscriptSource({ webBaseUrl: fake.url });
    expect(await source.fetchTranscript('fvSB2026a01')).toEqual(await loadFixtureTranscript(DEFAULT_FIXTURES_DIR, 'fvSB2026a01'));
    expect(fake.requests).toEqual([]);
  });

  it('reads every other video from YouTube captions', async () => {
    const source = createTranscriptSource({ webBaseUrl: fake.url, fixturesDir: DEFAULT_FIXTURES_DIR });
    const segments = await source.fetchTranscript('D-lhorsDlUQ');
    expect(segments[0]).toMatchObject({ start_ms: 1200, text: expect.stringContaining('Good evening') });
    expect(fake.requests.some((line) => line.startsWith('GET /api/timedtext?v=D-lhorsDlUQ'))).toBe(true);
  });
});
