import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { analysisResultsSchema } from '../domain/analysis.js';
import { parseStoredStory } from '../domain/news-story.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { countRows, createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import { RUN_STAGES, type PipelineEvent } from './progress.js';
import { runPipeline } from './run.js';
import { findVideoWithCity } from '../db/repositories/stage-videos.js';

describe.each(TEST_ENGINES)('pipeline on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  it('takes every Fairview meeting from its sources to a verified analysis and story, and a rerun changes nothing', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    const events: PipelineEvent[] = [];
    const first = await runPipeline(deps, { command: 'ingest', cities: [city], stages: [...RUN_STAGES], concurrency: 3, onEvent: (e) => events.push(e) });

    expect(first.progress.failures).toEqual([]);
    expect(first.progress.stages.discover).toMatchObject({ total: 2, done: 2 });
    for (const stage of ['transcript', 'analysis', 'story', 'verify'] as const) {
      expect(first.progress.stages[stage]).toMatchObject({ total: 5, done: 5, failed: 0 });
    }
    expect(events[0]?.type).toBe('run-started');
    expect(events.at(-1)?.type).toBe('run-finished');

    const videos = await database.db.selectFrom('city_videos').selectAll().where('city_id', '=', city.id).execute();
    expect(videos).toHaveLength(5);
    for (const video of videos) {
      expect(video.transcript?.length).toBeGreaterThan(1000);
      const analysis = analysisResultsSchema.parse(video.analysis_results);
      expect(analysis.generator?.kind).toBe('local');
      const quotes = analysis.highlights.flatMap((h) => h.quotes);
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes.every((q) => q.verification_status === 'verified' && typeof q.start_ms === 'number')).toBe(true);
      const story = parseStoredStory(video.news_story);
      expect(story?.kind).toBe('json');
      if (story?.kind === 'json') expect(story.story.sidebar_elements.quote_block?.verification_status).toBe('verified');
      expect(video.story_generated_at).toBeInstanceOf(Date);
    }
    const llmCalls = await database.db.selectFrom('llm_calls').select(['provider', 'model', 'ok']).execute();
    expect(llmCalls).toHaveLength(10);
    expect(new Set(llmCalls.map((c) => `${c.provider}/${c.model}/${c.ok}`))).toEqual(new Set(['local/local-extractive-v1/true']));

    const before = { videos: await countRows(database, 'city_videos'), segments: await countRows(database, 'transcript_segments') };
    const second = await runPipeline(deps, { command: 'ingest', cities: [city], stages: [...RUN_STAGES], concurrency: 3 });
    expect(second.progress.stages.transcript).toMatchObject({ total: 5, skipped: 5 });
    expect(second.progress.stages.analysis).toMatchObject({ skipped: 5 });
    expect(second.progress.stages.story).toMatchObject({ skipped: 5 });
    expect({ videos: await countRows(database, 'city_videos'), segments: await countRows(database, 'transcript_segments') }).toEqual(before);
    expect(await countRows(database, 'llm_calls')).toBe(10);

    const runs = await database.db.selectFrom('pipeline_runs').select(['status', 'command']).orderBy('started_at').execute();
    expect(runs).toEqual([{ status: 'done', command: 'ingest' }, { status: 'done', command: 'ingest' }]);
  });

  it('keeps a transcript a person edited unless forced', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 2, limit: 1 });
    const video = await database.db.selectFrom('city_videos').selectAll().where('city_id', '=', city.id).where('transcript', 'is not', null).executeTakeFirstOrThrow();
    await database.db.updateTable('city_videos').set({ transcript: 'Edited by the clerk.', transcript_edited_at: new Date() }).where('id', '=', video.id).execute();

    const kept = await runPipeline(deps, { command: 'transcript', cities: [city], videoIds: [video.id], stages: ['transcript'], concurrency: 1 });
    expect(kept.progress.stages.transcript).toMatchObject({ skipped: 1 });
    expect((await database.db.selectFrom('city_videos').select('transcript').where('id', '=', video.id).executeTakeFirstOrThrow()).transcript).toBe('Edited by the clerk.');

    const forced = await runPipeline(deps, { command: 'transcript', cities: [city], videoIds: [video.id], stages: ['transcript'], concurrency: 1, force: true });
    expect(forced.progress.stages.transcript).toMatchObject({ done: 1 });
    const after = await database.db.selectFrom('city_videos').select(['transcript', 'transcript_edited_at']).where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(after.transcript).not.toBe('Edited by the clerk.');
    expect(after.transcript_edited_at).toBeNull();
  });

  it('refuses analysis without a transcript and a story without analysis, with the spec messages, and goes on with the others', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['discover'], concurrency: 2 });
    const summary = await runPipeline(deps, { command: 'analyze', cities: [city], stages: ['analysis', 'story'], concurrency: 2, limit: 2 });

    expect(summary.progress.stages.analysis).toMatchObject({ total: 2, failed: 2 });
    expect(summary.progress.stages.story).toMatchObject({ total: 2, skipped: 2 });
    expect(new Set(summary.progress.failures.map((f) => f.reason))).toEqual(new Set(['Video must have a transcript to run analysis']));
    const stages = await database.db.selectFrom('video_stages').select(['stage', 'status', 'attempts', 'last_error']).execute();
    expect(stages).toHaveLength(2);
    expect(stages.every((s) => s.stage === 'analysis' && s.status === 'failed' && s.attempts === 1)).toBe(true);

    const { writeStoryStage } = await import('./stages/story.js');
    const { id } = await database.db.selectFrom('city_videos').select('id').limit(1).executeTakeFirstOrThrow();
    const video = (await findVideoWithCity(database.db, id))!;
    await expect(writeStoryStage(deps, video)).rejects.toThrow('Analysis results are required to generate a story');
  });

  it('plans without writing anything on a dry run', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    const summary = await runPipeline(deps, { command: 'ingest', cities: [city], stages: [...RUN_STAGES], concurrency: 2, dryRun: true });
    expect(summary.runId).toBeNull();
    expect(summary.plan?.sources).toHaveLength(2);
    expect(await countRows(database, 'city_videos')).toBe(0);
    expect(await database.db.selectFrom('pipeline_runs').select('id').execute()).toEqual([]);
  });

  it('plans only the stages still to do once some are done, and everything with --force', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 4 });
    const request = { command: 'ingest', cities: [city], stages: ['transcript' as const, 'analysis' as const, 'story' as const], concurrency: 2, dryRun: true };
    const planned = await runPipeline(deps, request);
    expect(planned.plan?.videos.length).toBeGreaterThan(0);
    for (const video of planned.plan?.videos ?? []) expect(video.stages).toEqual(['analysis', 'story']);
    const forced = await runPipeline(deps, { ...request, force: true });
    for (const video of forced.plan?.videos ?? []) expect(video.stages).toEqual(['transcript', 'analysis', 'story']);
  });

  it('lets only one of two overlapping runs work on each video', async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 4 });
    const request = { command: 'batch', cities: [city], stages: ['analysis' as const], concurrency: 2 };
    const [a, b] = await Promise.all([runPipeline(deps, request), runPipeline(deps, request)]);
    const done = (a.progress.stages.analysis?.done ?? 0) + (b.progress.stages.analysis?.done ?? 0);
    expect(done).toBe(5);
    expect(await countRows(database, 'llm_calls')).toBe(5);
  });
});
