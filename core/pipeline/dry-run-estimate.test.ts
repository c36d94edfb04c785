import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModel } from '../adapters/openai-model.js';
import { estimateModelWork, estimatePlanOf } from '../adapters/openai/estimate.js';
import type { Database } from '../db/database.js';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { countRows, createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import { DEFAULT_TRANSCRIPT_CHARS } from './dry-run-estimate.js';
import { runPipeline } from './run.js';

let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi();
});
afterAll(() => model.close());

describe('estimating model work', () => {
  const mini = estimatePlanOf({ model: 'gpt-4o-mini' });

  it('prices one call per meeting that fits the context, and a story each, at the model list price', () => {
    const estimate = estimateModelWork(mini, { analyses: [40_000, 40_000], stories: 2 });
    expect(estimate).toMatchObject({ model: 'gpt-4o-mini', offline: false, calls: 4 });
    // gpt-4o-mini: $0.15 per million tokens in, $0.60 out.
    const expected = (estimate.tokensIn * 0.15 + estimate.tokensOut * 0.6) / 1_000_000;
    expect(estimate.costUsd).toBeCloseTo(expected, 8);
    expect(estimate.tokensIn).toBeGreaterThan(2 * 10_000);
  });

  it('splits a meeting longer than the context into chunk calls plus one merge', () => {
    const small = estimatePlanOf({ model: 'gpt-4o-mini', contextTokens: 16_000 });
    // ~1.1M characters: some 300k tokens of transcript, far beyond 16k of context.
    const estimate = estimateModelWork(small, { analyses: [1_100_000], stories: 0 });
    expect(estimate.calls).toBeGreaterThan(20);
    expect(estimateModelWork(estimatePlanOf({ model: 'gpt-4o' }), { analyses: [1_100_000], stories: 0 }).costUsd).toBeGreaterThan(estimate.costUsd);
  });

  it('prices a model missing from the table (a self-hosted one) at $0', () => {
    expect(estimateModelWork(estimatePlanOf({ model: 'llama3.1:8b' }), { analyses: [50_000], stories: 1 })).toMatchObject({ calls: 2, costUsd: 0 });
  });
});

describe.each(TEST_ENGINES)('--dry-run cost estimate on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    model.reset();
  });
  afterEach(async () => {
    await database.close();
  });

  it('estimates per city from the stored transcripts, calling no model and writing nothing', async () => {
    const city = await seedFairview(database);
    await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 4 });
    // One meeting not transcribed yet: it counts at the average of the stored ones.
    const [untranscribed] = await database.db.selectFrom('city_videos').select('id').orderBy('video_id').limit(1).execute();
    await database.db.updateTable('city_videos').set({ transcript: null }).where('id', '=', untranscribed!.id).execute();
    const callsBefore = await countRows(database, 'llm_calls');

    const analyzer = createOpenAiModel({ apiKey: 'sk-test', baseUrl: model.url, model: 'gpt-4o-mini' });
    const summary = await runPipeline(createTestPipelineDeps(database, { analyzer }), {
      command: 'ingest', cities: [city], stages: ['analysis', 'story'], concurrency: 2, dryRun: true,
    });
    const [estimate] = summary.plan?.estimates ?? [];
    expect(estimate).toMatchObject({ city: 'fairview-ca', model: 'gpt-4o-mini', offline: false, analyses: 5, stories: 5, calls: 10, withoutTranscript: 1 });
    expect(estimate!.assumedChars).toBeGreaterThan(1000);
    expect(estimate!.assumedChars).not.toBe(DEFAULT_TRANSCRIPT_CHARS);
    expect(estimate!.costUsd).toBeGreaterThan(0);
    expect(estimate!.costUsd).toBeCloseTo((estimate!.tokensIn * 0.15 + estimate!.tokensOut * 0.6) / 1_000_000, 6);
    expect(model.requests).toHaveLength(0);
    expect(await countRows(database, 'llm_calls')).toBe(callsBefore);

    // The offline analyzer: the same work, $0, and it says why.
    const offline = await runPipeline(createTestPipelineDeps(database), {
      command: 'ingest', cities: [city], stages: ['analysis', 'story'], concurrency: 2, dryRun: true,
    });
    expect(offline.plan?.estimates).toEqual([expect.objectContaining({ city: 'fairview-ca', offline: true, calls: 10, tokensIn: 0, costUsd: 0 })]);
  });
});
