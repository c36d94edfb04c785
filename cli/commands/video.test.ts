import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { City, Core } from '../../core/index.js';
import { buildCity, buildCityUrl, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore } from '../../core/testing/test-core.js';
import { describeVideoShow, presentVideoShow, showVideo, videoShowUsageProblem } from './video.js';

describe('videoShowUsageProblem', () => {
  it('wants one video or --city, not both and not neither', () => {
    expect(videoShowUsageProblem('abc', {})).toBeNull();
    expect(videoShowUsageProblem(undefined, { city: 'fairview-ca', limit: 5 })).toBeNull();
    expect(videoShowUsageProblem('abc', { city: 'fairview-ca' })).toMatch(/not both/);
    expect(videoShowUsageProblem(undefined, {})).toMatch(/missing a video id/);
    expect(videoShowUsageProblem('abc', { limit: 3 })).toMatch(/--limit goes with --city/);
  });
});

describe.each(TEST_ENGINES)('civic video show on %s', (engine) => {
  let core: Core;
  let city: City;
  beforeEach(async () => {
    core = await createTestCore(engine);
    city = await buildCity(core.db, { location_key: 'fairview-ca', name: 'Fairview' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('shows a processed video: transcript, stages, analysis counts, quote checks and the story headline', async () => {
    const source = await buildCityUrl(core.db, city.id, { title: 'Council videos', url: 'fixture:fairview-city-council' });
    const video = await buildVideo(core.db, city.id, { video_id: 'fvCC2026a01', city_urls_id: source.id, title: 'Council meeting' });
    await core.pipeline.processVideo(video.id, ['transcript', 'analysis', 'story', 'verify']);

    const result = await showVideo(core, 'fvCC2026a01', {});
    if (result.kind !== 'video') throw new Error('expected one video');
    const { details } = result;
    expect(details.city).toMatchObject({ location_key: 'fairview-ca' });
    expect(details.source).toEqual({ id: source.id, title: 'Council videos', url: 'fixture:fairview-city-council' });
    expect(details.transcript.segments).toBeGreaterThan(10);
    expect(details.transcript.chars).toBe(details.video.transcript?.length);
    expect(details.stages.map((s) => [s.stage, s.status, s.attempts])).toEqual([
      ['transcript', 'done', 1],
      ['analysis', 'done', 1],
      ['story', 'done', 1],
      ['verify', 'done', 1],
    ]);
    expect(details.analysis?.highlights).toBeGreaterThan(0);
    expect(details.quotes.verified).toBeGreaterThan(0);
    expect(details.quotes).toMatchObject({ unverified: 0, unchecked: 0 });
    expect(details.story).toMatchObject({ kind: 'json', headline: expect.any(String) });

    const text = describeVideoShow(result);
    expect(text).toContain('Council meeting');
    expect(text).toContain('City:        Fairview, CA (fairview-ca)');
    expect(text).toMatch(/Transcript: {2}[\d,]+ characters, \d+ segment\(s\)/);
    expect(text).toMatch(/analysis {3}done {5}1 attempt\(s\)/);
    expect(text).toMatch(/Quotes: \d+ verified, 0 paraphrased, 0 unverified\n/);
    expect(text).toContain(`Story: ${details.story?.kind === 'json' ? details.story.headline : ''}`);

    const json = presentVideoShow(result) as Record<string, unknown>;
    expect(json).toMatchObject({ id: video.id, video_id: 'fvCC2026a01', transcript: expect.any(String), details: { quotes: details.quotes } });
  });

  it('shows a bare video with its failures, and refuses an unknown one', async () => {
    const video = await buildVideo(core.db, city.id, { title: null });
    await core.pipeline.processVideo(video.id, ['analysis']);
    const result = await showVideo(core, video.id, {});
    const text = describeVideoShow(result);
    expect(text).toContain('Transcript:  none');
    expect(text).toMatch(/analysis {3}failed {3}1 attempt\(s\)/);
    expect(text).toContain('Video must have a transcript to run analysis');
    expect(text).toContain('No analysis available');
    expect(text).toContain('No story available');

    await expect(showVideo(core, 'missing1234', {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unknown video "missing1234" (civic video show --city <key> lists a city\'s videos)',
    });
  });

  it("lists a city's newest videos with their stage status", async () => {
    const older = await buildVideo(core.db, city.id, { title: 'Older meeting', published_at: new Date('2026-01-01T00:00:00Z'), transcript: 'Hello.' });
    await buildVideo(core.db, city.id, { title: 'Newer meeting', published_at: new Date('2026-02-01T00:00:00Z') });
    await core.db.insertInto('video_stages').values({ city_video_id: older.id, stage: 'analysis', status: 'failed', attempts: 3 }).execute();

    const result = await showVideo(core, undefined, { city: 'fairview-ca' });
    if (result.kind !== 'list') throw new Error('expected a list');
    expect(result.videos.map((v) => v.title)).toEqual(['Newer meeting', 'Older meeting']);
    const text = describeVideoShow(result);
    expect(text).toMatch(/Older meeting/);
    expect(text).toMatch(/2026-01-01\s+stored\s+failed×3\s+—\s+—\s+Older meeting/);

    const limited = await showVideo(core, undefined, { city: 'fairview-ca', limit: 1 });
    expect(limited.kind === 'list' && limited.videos.length).toBe(1);
    await expect(showVideo(core, undefined, { city: 'nowhere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
