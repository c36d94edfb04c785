import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYoutube, type FakeYoutube } from '../../testing/fake-youtube.js';
import { createVideoSource } from './select-source.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let fake: FakeYoutube;
const bases = () => ({ apiBaseUrl: `${fake.url}/`, feedBaseUrl: fake.url, webBaseUrl: fake.url });

beforeAll(async () => {
  if (REAL) fake = await startFakeYoutube();
});
afterAll(() => (REAL ? fake.close() : undefined));
beforeEach(() => {
  if (!REAL) return;
  fake.requests.length = 0;
});

describe.skipIf(!REAL)('createVideoSource', () => {
  it('sends fixture: addresses to the fixtures, with or without a key, and touches no network', async () => {
    const withKey = createVideoSource({ ...bases(), apiKey: 'k' });
    expect(withKey.kindFor('fixture:riverton-city-council')).toBe('fixture');
    expect((await withKey.listVideos('fixture:riverton-city-council')).length).toBeGreaterThan(0);
    expect(fake.requests).toEqual([]);
  });

  it('uses the Data API when a key is set', async () => {
    const source = createVideoSource({ ...bases(), apiKey: 'k' });
    expect(source.kindFor('https://www.youtube.com/@GoogleDevelopers')).toBe('data-api');
    await source.listVideos('https://www.youtube.com/@GoogleDevelopers', { limit: 1 });
    expect(fake.requests.every((line) => line.startsWith('GET /youtube/v3/'))).toBe(true);
  });

  it('uses the Atom feed when no key (or a blank one) is set', async () => {
    const source = createVideoSource({ ...bases(), apiKey: '  ' });
    expect(source.kindFor('https://www.youtube.com/@GoogleDevelopers')).toBe('feed');
    await source.listVideos('https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw', { limit: 1 });
    expect(fake.requests).toEqual(['GET /feeds/videos.xml?channel_id=UC_x5XG1OV2P6uZZ5FSM9Ttw']);
  });

  it('refuses anything that is not a source address with BAD_INPUT and the reason', async () => {
    const source = createVideoSource(bases());
    await expect(source.listVideos('https://example.com/meetings')).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Not a YouTube channel, playlist or video URL: https://example.com/meetings (example.com is not a YouTube address)',
    });
    await expect(source.listVideos('fixture:Bad Key')).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
