import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { City, Core } from '../../core/index.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { captureOutput } from '../testing/capture-output.js';
import { processVideo, type ProcessVideoOptions, type VideoCommand } from './process-video.js';

// fixtures/demo/transcripts/ has a transcript for this id: the transcript stage runs offline.
const DEMO_VIDEO = 'fvCC2026a01';

describe.each(TEST_ENGINES)('civic transcript|analyze|story <video> on %s', (engine) => {
  let core: Core;
  let city: City;
  beforeEach(async () => {
    core = await createTestCore(engine);
    city = await buildCity(testDb(core), { location_key: 'fairview-ca', name: 'Fairview' });
  });
  afterEach(async () => {
    await core.close();
  });

  async function run(command: VideoCommand, target: string, options: ProcessVideoOptions = {}) {
    const output = captureOutput();
    try {
      const code = await processVideo(core, command, target, options);
      return { code, stdout: output.stdout(), stderr: output.stderr() };
    } finally {
      output.restore();
    }
  }

  it('fetches, analyses and writes the story of one video, then skips work already done', async () => {
    const video = await buildVideo(testDb(core), city.id, { video_id: DEMO_VIDEO, title: 'City Council Regular Meeting' });

    const transcript = await run('transcript', DEMO_VIDEO, { json: true });
    expect(transcript.code).toBe(0);
    expect(JSON.parse(transcript.stdout)).toMatchObject({ stages: { transcript: { total: 1, done: 1, failed: 0 } }, failures: [] });
    const segments = await testDb(core).selectFrom('transcript_segments').select('seq').where('city_video_id', '=', video.id).execute();
    expect(segments.length).toBeGreaterThan(10);

    expect((await run('analyze', video.id, { json: true })).code).toBe(0);
    const story = await run('story', DEMO_VIDEO, { json: true });
    expect(story.code).toBe(0);
    expect(JSON.parse(story.stdout)).toMatchObject({ stages: { story: { done: 1 }, verify: { done: 1 } } });

    const stored = await testDb(core).selectFrom('city_videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(stored.analysis_results?.highlights.length).toBeGreaterThan(0);
    expect(stored.analysis_results?.highlights.flatMap((h) => h.quotes).every((q) => q.verification_status === 'verified')).toBe(true);
    expect(JSON.parse(stored.news_story ?? '{}')).toMatchObject({ article: { headline: expect.any(String) } });
    expect(stored.story_generated_at).toBeInstanceOf(Date);

    const again = await run('analyze', DEMO_VIDEO, { json: true });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ stages: { analysis: { skipped: 1 } } });
    const forced = await run('analyze', DEMO_VIDEO, { json: true, force: true });
    expect(JSON.parse(forced.stdout)).toMatchObject({ stages: { analysis: { done: 1 } } });
  });

  it('exits 1 with the spec reason when analysis has no transcript or a story has no analysis', async () => {
    const video = await buildVideo(testDb(core), city.id, { title: 'No captions' });

    const analyze = await run('analyze', video.id);
    expect(analyze.code).toBe(1);
    expect(analyze.stderr).toBe('civic: analysis failed: Video must have a transcript to run analysis\n');
    expect(JSON.parse(analyze.stdout)).toMatchObject({ failures: [{ stage: 'analysis', reason: 'Video must have a transcript to run analysis' }] });

    const story = await run('story', video.video_id);
    expect(story.code).toBe(1);
    expect(story.stderr).toBe('civic: story failed: Analysis results are required to generate a story\n');

    const stage = await testDb(core).selectFrom('video_stages').selectAll().where('city_video_id', '=', video.id).where('stage', '=', 'story').executeTakeFirstOrThrow();
    expect(stage).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Analysis results are required to generate a story' });

    // With --json the reason is in the summary only; stderr stays free for log lines.
    expect((await run('story', video.id, { json: true })).stderr).toBe('');
  });

  it('finds a stored video by every YouTube link form a source accepts', async () => {
    const video = await buildVideo(testDb(core), city.id, { video_id: DEMO_VIDEO, title: 'City Council Regular Meeting' });
    const links = [
      `https://www.youtube.com/watch?v=${DEMO_VIDEO}`,
      `https://www.youtube.com/watch?v=${DEMO_VIDEO}&t=95s`,
      `https://www.youtube.com/watch?list=PL0123456789abcdef&v=${DEMO_VIDEO}&index=2`,
      `https://youtu.be/${DEMO_VIDEO}?t=12`,
      `https://m.youtube.com/watch?v=${DEMO_VIDEO}`,
      `https://www.youtube.com/live/${DEMO_VIDEO}?si=abc`,
      `https://www.youtube.com/shorts/${DEMO_VIDEO}`,
      `https://www.youtube.com/embed/${DEMO_VIDEO}?start=30`,
      `https://www.youtube-nocookie.com/embed/${DEMO_VIDEO}`,
      `youtube.com/watch?v=${DEMO_VIDEO}`,
      `youtu.be/${DEMO_VIDEO}`,
    ];
    for (const link of links) {
      expect({ link, id: (await core.videos.resolveVideo(link)).id }).toEqual({ link, id: video.id });
    }
  });

  it('refuses an unknown video before starting any run', async () => {
    const output = captureOutput();
    try {
      await expect(processVideo(core, 'analyze', 'nope', {})).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Unknown video "nope"/) });
      expect(output.stdout()).toBe('');
    } finally {
      output.restore();
    }
    expect(await testDb(core).selectFrom('pipeline_runs').select('id').execute()).toEqual([]);
  });
});
