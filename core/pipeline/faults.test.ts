import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiAnalyzer } from '../adapters/openai/openai-analyzer.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import type { Database } from '../db/database.js';
import { insertUrl } from '../db/repositories/city-urls.js';
import { linkUrlToCity } from '../db/repositories/cities-urls.js';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { FAKE_PLAYLIST_ID, startFakeYoutube, type FakeYoutube } from '../testing/fake-youtube.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { countRows, createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import { RUN_STAGES } from './progress.js';
import { runPipeline } from './run.js';
import { realFixtures } from '../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let model: FakeOpenAi;
let youtube: FakeYoutube;
beforeAll(async () => {
  model = await startFakeOpenAi();
  if (REAL) youtube = await startFakeYoutube({ apiKey: 'yt-key' });
});
afterAll(async () => {
  await model.close();
  if (REAL) await youtube.close();
});

const analyzer = () =>
  createOpenAiAnalyzer({ apiKey: 'sk-test', baseUrl: model.url, model: 'gpt-4o-mini', retryBaseMs: 5, retryMaxMs: 20, maxRetries: 2, timeoutMs: 1_000 });

describe.each(TEST_ENGINES)('pipeline faults on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    model.reset();
  });
  afterEach(async () => {
    await database.close();
  });

  async function transcribedFairview() {
    const city = await seedFairview(database);
    await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 4 });
    return city;
  }

  it('records a video whose model answers are malformed twice as failed, and finishes the others', async () => {
    const city = await transcribedFairview();
    model.script({ kind: 'invalid-json', times: 2 });
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis'], concurrency: 1,
    });
    expect(summary.progress.stages.analysis).toMatchObject({ total: 5, done: 4, failed: 1 });
    expect(summary.progress.failures[0]?.reason).toMatch(/Model returned an invalid answer twice/);
    const calls = await database.db.selectFrom('llm_calls').select(['ok', 'provider', 'model', 'purpose']).execute();
    expect(calls.filter((c) => !c.ok)).toHaveLength(2);
    expect(calls.filter((c) => c.ok)).toHaveLength(4);
    expect(calls.every((c) => c.provider === 'openai' && c.model === 'gpt-4o-mini' && c.purpose === 'analysis')).toBe(true);
    const failed = await database.db.selectFrom('video_stages').selectAll().where('status', '=', 'failed').execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]?.last_error).toMatch(/invalid answer twice/);

    // The next run retries only the failed video.
    const rerun = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis'], concurrency: 2,
    });
    expect(rerun.progress.stages.analysis).toMatchObject({ done: 1, skipped: 4, failed: 0 });
  });

  it('clears the failure a forced re-analysis left once a plain rerun finds the stored analysis (issue 26)', async () => {
    const city = await transcribedFairview();
    const deps = createTestPipelineDeps(database, { analyzer: analyzer() });
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['analysis'], concurrency: 2 });
    model.script({ kind: 'invalid-json', times: Infinity });
    const forced = await runPipeline(deps, { command: 'analyze', cities: [city], stages: ['analysis'], concurrency: 1, force: true, limit: 1 });
    expect(forced.progress.stages.analysis).toMatchObject({ done: 0, failed: 1 });
    const failedRows = () => database.db.selectFrom('video_stages').select(['status', 'last_error']).where('stage', '=', 'analysis').where('status', '!=', 'done').execute();
    expect(await failedRows()).toEqual([{ status: 'failed', last_error: expect.stringMatching(/invalid answer twice/) }]);

    // The earlier analysis stands: the plain rerun has nothing to do, and says so on the row too.
    model.reset();
    const rerun = await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['analysis'], concurrency: 2 });
    expect(rerun.progress.stages.analysis).toMatchObject({ done: 0, skipped: 5, failed: 0 });
    expect(await failedRows()).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it('rides out a 429 and fails a video on 500s forever or a timeout, leaving the rest done', async () => {
    const city = await transcribedFairview();
    model.script(
      { kind: 'error', status: 429, retryAfterMs: 10 },
      { kind: 'ok' },
      { kind: 'error', status: 500, times: 3 },
      { kind: 'timeout', times: 3 },
    );
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis'], concurrency: 1,
    });
    expect(summary.progress.stages.analysis).toMatchObject({ total: 5, done: 3, failed: 2 });
    const reasons = summary.progress.failures.map((f) => f.reason).join('\n');
    expect(reasons).toMatch(/failed after 3 attempts.*500/);
    expect(reasons).toMatch(/failed after 3 attempts.*(timed out|timeout)/i);
  });

  it('stops starting model calls once the run budget is spent', async () => {
    const city = await transcribedFairview();
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis', 'story'], concurrency: 1, maxCostUsd: 0.000001,
    });
    expect(summary.budgetReached).toBe(true);
    expect(summary.progress.budget?.limitUsd).toBe(0.000001);
    expect(await countRows(database, 'llm_calls')).toBe(1);
    expect(summary.progress.stages.analysis).toMatchObject({ done: 1, skipped: 0, undone: 4, failed: 0 });
    const stages = await database.db.selectFrom('video_stages').select(['stage', 'status']).where('stage', '=', 'analysis').execute();
    expect(stages).toEqual([{ stage: 'analysis', status: 'done' }]);
  });

  it('stops retries too once the budget is spent: the stage goes back to pending, and only billed answers are cost', async () => {
    const city = await transcribedFairview();
    // The first answer is billed ($0.0015 for 10,000 prompt tokens) but unusable: its retry
    // would be a new request, which the spent budget ($0.001) refuses.
    model.script({ kind: 'reply', content: { answer: 'not an analysis' }, usage: { prompt_tokens: 10_000, completion_tokens: 0 } });
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis', 'story'], concurrency: 1, maxCostUsd: 0.001,
    });
    expect(model.requests).toHaveLength(1);
    expect(summary.budgetReached).toBe(true);
    expect(summary.progress.model).toMatchObject({ calls: 1, tokensIn: 10_000, costUsd: 0.0015 });
    expect(summary.progress.failures).toEqual([]);
    expect(summary.progress.stages.analysis).toMatchObject({ total: 5, done: 0, skipped: 0, undone: 5, failed: 0 });
    const rows = await database.db.selectFrom('video_stages').select(['stage', 'status', 'attempts']).where('stage', 'in', ['analysis', 'story']).execute();
    expect(rows).toEqual([{ stage: 'analysis', status: 'pending', attempts: 0 }]);
    const calls = await database.db.selectFrom('llm_calls').select(['ok', 'cost_usd']).execute();
    expect(calls.map((c) => [c.ok, Number(c.cost_usd)])).toEqual([[false, 0.0015]]);
  });

  it('overshoots the budget by at most the requests already in flight when it is spent', async () => {
    const city = await transcribedFairview();
    // Three analyses at once; each answer waits until all three requests are out, so when the
    // first answer spends the budget the other two are in flight, and nothing else is sent.
    const allOut = async () => {
      while (model.requests.length < 3) await delay(10);
      return { kind: 'ok' as const };
    };
    model.script({ kind: 'hook', handle: allOut, times: 3 });
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer: analyzer() }), {
      command: 'ingest', cities: [city], stages: ['analysis', 'story'], concurrency: 3, maxCostUsd: 0.000001,
    });
    expect(model.requests).toHaveLength(3);
    expect(summary.budgetReached).toBe(true);
    expect(summary.progress.stages.analysis).toMatchObject({ done: 3, skipped: 0, undone: 2, failed: 0 });
    expect(summary.progress.stages.story).toMatchObject({ done: 0, failed: 0 });
    const calls = await database.db.selectFrom('llm_calls').select(['ok', 'cost_usd']).execute();
    expect(calls).toHaveLength(3);
    // The database keeps each call's cost to the millionth of a dollar.
    expect(summary.progress.model.costUsd).toBeCloseTo(calls.reduce((sum, call) => sum + Number(call.cost_usd), 0), 5);
  });

  it.skipIf(!REAL)('discovers a playlist through the Data API and fails only the video whose captions are disabled', async () => {
    youtube.options.captionsDisabled = ['S-MbpQiwfls'];
    const city = await buildCity(database.db, { location_key: 'mountain-view-ca' });
    const url = await insertUrl(database.db, { url: `https://www.youtube.com/playlist?list=${FAKE_PLAYLIST_ID}`, content_type: 'video', source_type: 'city' });
    await linkUrlToCity(database.db, city.id, url.id);
    const deps = createTestPipelineDeps(database, {
      videoSource: createVideoSource({ apiKey: 'yt-key', apiBaseUrl: `${youtube.url}/`, webBaseUrl: youtube.url }),
      transcriptSource: createTranscriptSource({ webBaseUrl: youtube.url }),
    });
    const summary = await runPipeline(deps, { command: 'ingest', cities: [city], stages: [...RUN_STAGES], concurrency: 4, limit: 13 });

    expect(summary.progress.stages.discover).toMatchObject({ done: 1 });
    expect(await countRows(database, 'city_videos')).toBe(13);
    const transcript = summary.progress.stages.transcript;
    expect(transcript?.failed).toBe(1);
    expect(transcript?.done).toBe(12);
    expect(summary.progress.failures).toEqual([
      expect.objectContaining({ stage: 'transcript', reason: 'Captions are disabled for video S-MbpQiwfls' }),
    ]);
    expect(summary.progress.stages.analysis?.done).toBe(12);
    youtube.options.captionsDisabled = [];
  });
});
