import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import type { City } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Core } from '../index.js';
import type { Analyzer } from '../ports/language-model.js';
import { buildVideo } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { createSingleFlight } from './single-flight.js';
import { NO_ANALYSIS_MESSAGE, NO_TRANSCRIPT_MESSAGE, URL_REQUIRED_MESSAGE } from '../domain/messages.js';

describe('single flight', () => {
  it('shares one run among concurrent callers and forgets it once settled', async () => {
    const flight = createSingleFlight<number>();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await delay(20);
      return runs;
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => flight.run('a', work)));
    expect(results).toEqual([1, 1, 1, 1, 1]);
    expect(flight.size).toBe(0);
    expect(await flight.run('a', work)).toBe(2);
    const failing = flight.run('b', async () => Promise.reject(new Error('boom')));
    await expect(Promise.all([failing, flight.run('b', work)])).rejects.toThrow('boom');
    expect(flight.size).toBe(0);
  });
});

/** The local analyzer, slowed down and counted: stands in for a model for concurrency tests. */
function countingAnalyzer(latencyMs: number) {
  const inner = createLocalAnalyzer();
  const counts = { analyze: 0, story: 0 };
  const analyzer: Analyzer = {
    kind: inner.kind,
    model: inner.model,
    async analyze(input, ctx) {
      counts.analyze += 1;
      await delay(latencyMs);
      return inner.analyze(input, ctx);
    },
    async writeStory(input, ctx) {
      counts.story += 1;
      await delay(latencyMs);
      return inner.writeStory(input, ctx);
    },
  };
  return { analyzer, counts };
}

describe.each(TEST_ENGINES)('functions service on %s', (engine) => {
  let core: Core;
  let counts: { analyze: number; story: number };
  let fairview: City;
  beforeEach(async () => {
    const counting = countingAnalyzer(150);
    counts = counting.counts;
    core = await createTestCore(engine, { analyzer: counting.analyzer });
    await core.databaseAdmin.seedDemo();
    fairview = await testDb(core).selectFrom('cities').selectAll().where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
  });
  afterEach(async () => {
    await core.close();
  });

  it('refreshes a source, fetches a transcript, then analyses and writes the story once', async () => {
    await expect(core.functions.fetchYoutubeVideos({ url: '  ', cityId: fairview.id })).rejects.toThrow(URL_REQUIRED_MESSAGE);
    await expect(core.functions.fetchYoutubeVideos({ url: 'fixture:nope', cityId: fairview.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const refresh = await core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id });
    expect(refresh).toMatchObject({ found: 3, inserted: 3 });
    expect((await core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id })).inserted).toBe(0);

    const video = await testDb(core).selectFrom('city_videos').selectAll().where('video_id', '=', 'fvCC2026a01').executeTakeFirstOrThrow();
    await expect(core.functions.analyzeVideoTranscript({ recordId: video.id })).rejects.toThrow(NO_TRANSCRIPT_MESSAGE);
    await expect(core.functions.writeTranscriptStory({ recordId: video.id })).rejects.toThrow(NO_ANALYSIS_MESSAGE);

    const fetched = await core.functions.fetchYoutubeTranscript({ videoId: 'fvCC2026a01' });
    expect(fetched).toMatchObject({ success: true, error: null, saved: 1 });
    expect(fetched.transcript?.length).toBeGreaterThan(1000);

    const [first, second] = await Promise.all([
      core.functions.analyzeVideoTranscript({ recordId: video.id }),
      core.functions.analyzeVideoTranscript({ recordId: video.id }),
    ]);
    expect(first.analysis.summary.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(counts.analyze).toBe(1);
    // Stored now: later callers get it without a model call; an admin's forced rerun makes one.
    await core.functions.analyzeVideoTranscript({ recordId: video.id });
    expect(counts.analyze).toBe(1);
    await core.functions.analyzeVideoTranscript({ recordId: video.id, force: true });
    expect(counts.analyze).toBe(2);

    const stories = await Promise.all(Array.from({ length: 5 }, () => core.functions.writeTranscriptStory({ recordId: video.id })));
    expect(counts.story).toBe(1);
    expect(stories[0]?.story.article.headline.length).toBeGreaterThan(0);
    expect(new Set(stories.map((story) => JSON.stringify(story))).size).toBe(1);

    const stages = await testDb(core).selectFrom('video_stages').select(['stage', 'status']).where('city_video_id', '=', video.id).orderBy('stage').execute();
    expect(stages).toEqual([
      { stage: 'analysis', status: 'done' },
      { stage: 'story', status: 'done' },
      { stage: 'transcript', status: 'done' },
      { stage: 'verify', status: 'done' },
    ]);
    const calls = await testDb(core).selectFrom('llm_calls').select(['purpose', 'city_video_id', 'provider']).execute();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((call) => call.city_video_id === video.id && call.provider === 'local')).toBe(true);
  });

  it('reports missing captions as success false with the reason', async () => {
    await core.close();
    core = await createTestCore(engine, {
      transcriptSource: {
        async fetchTranscript(videoId) {
          throw new AppError('NOT_FOUND', `Captions are disabled for video ${videoId}`);
        },
      },
    });
    const city = await testDb(core).insertInto('cities').values({ name: 'Nocap', county: 'X', location_key: 'nocap-ca' }).returningAll().executeTakeFirstOrThrow();
    await buildVideo(testDb(core), city.id, { video_id: 'nocaptions1' });
    expect(await core.functions.fetchYoutubeTranscript({ videoId: 'nocaptions1' })).toEqual({
      success: false,
      transcript: null,
      error: 'Captions are disabled for video nocaptions1',
      saved: 0,
    });
  });

  it('does not overwrite a transcript a person edited', async () => {
    const video = await buildVideo(testDb(core), fairview.id, { video_id: 'fvCC2026a02', transcript: 'Edited by hand.', transcript_edited_at: new Date() });
    const result = await core.functions.fetchYoutubeTranscript({ videoId: video.id });
    expect(result).toMatchObject({ success: true, saved: 0 });
    const row = await testDb(core).selectFrom('city_videos').select('transcript').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.transcript).toBe('Edited by hand.');
  });

  it('NOT_FOUND for an unknown record', async () => {
    await expect(core.functions.analyzeVideoTranscript({ recordId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
