import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import type { CityVideo } from '../db/schema.js';
import { analysisResultsSchema } from '../domain/analysis.js';
import { createFunctionsService } from '../functions/functions-service.js';
import type { Core } from '../index.js';
import type { Analyzer } from '../ports/language-model.js';
import { createTestCore, testDatabase, testDb, testPorts } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { VIDEO_BUSY_MESSAGE } from './locked-stages.js';
import type { PipelineEvent } from './progress.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * The local analyzer, counting its analyses of one meeting and holding each of them at a gate
 * the test opens: while held, whoever called it holds that meeting's lock.
 */
function gatedAnalyzer() {
  const inner = createLocalAnalyzer();
  const state = { title: '', calls: 0, entered: deferred(), gate: deferred() };
  const analyzer: Analyzer = {
    kind: inner.kind,
    model: inner.model,
    async analyze(input, ctx) {
      if (input.title === state.title) {
        state.calls += 1;
        state.entered.resolve();
        await state.gate.promise;
      }
      return inner.analyze(input, ctx);
    },
    writeStory: (input, ctx) => inner.writeStory(input, ctx),
  };
  return { analyzer, state };
}

describe.each(TEST_ENGINES)('a visitor’s analyze and a batch over the same meeting on %s', (engine) => {
  let core: Core;
  let gated: ReturnType<typeof gatedAnalyzer>;
  let target: CityVideo;

  beforeEach(async () => {
    gated = gatedAnalyzer();
    core = await createTestCore(engine, { analyzer: gated.analyzer });
    await core.databaseAdmin.seedDemo();
    await core.pipeline.ingest({ cityKey: 'fairview-ca', stages: ['discover', 'transcript'] });
    target = await testDb(core).selectFrom('city_videos').selectAll().where('video_id', '=', 'fvCC2026a01').executeTakeFirstOrThrow();
    expect(target.transcript).not.toBeNull();
    gated.state.title = target.title ?? '';
  });
  afterEach(async () => {
    await core.close();
  });

  const storedAnalysis = async () => {
    const row = await testDb(core).selectFrom('city_videos').select('analysis_results').where('id', '=', target.id).executeTakeFirstOrThrow();
    return analysisResultsSchema.parse(row.analysis_results);
  };
  const functionsWaiting = (waitMs: number) =>
    createFunctionsService({ db: testDb(core), engine: testDatabase(core).engine, logger: core.logger, ...testPorts(core), busyWait: { waitMs, pollMs: 20 } });

  it('the function called while the batch runs the model never calls it: busy at once, or the batch’s analysis after waiting', async () => {
    const batch = core.pipeline.batch({ status: 'Live', stages: ['analysis'] });
    await gated.state.entered.promise;

    await expect(functionsWaiting(0).analyzeVideoTranscript({ recordId: target.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: VIDEO_BUSY_MESSAGE,
    });
    const waiting = functionsWaiting(120_000).analyzeVideoTranscript({ recordId: target.id });
    gated.state.gate.resolve();
    const [summary, answer] = await Promise.all([batch, waiting]);

    expect(gated.state.calls).toBe(1);
    expect(summary.progress.failures).toEqual([]);
    expect(answer.analysis).toEqual(await storedAnalysis());
    const calls = await testDb(core).selectFrom('llm_calls').select(['run_id']).where('city_video_id', '=', target.id).execute();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.run_id === summary.runId)).toBe(true);
  });

  it('the batch that meets a visitor’s analysis in flight leaves that meeting alone', async () => {
    const visitor = core.functions.analyzeVideoTranscript({ recordId: target.id });
    await gated.state.entered.promise;

    const events: PipelineEvent[] = [];
    const summary = await core.pipeline.batch({ status: 'Live', stages: ['analysis'], onEvent: (event) => events.push(event) });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'stage-finished', item: target.id, outcome: 'skipped', reason: 'another run is working on this video' }),
    );
    expect(summary.progress.failures).toEqual([]);

    gated.state.gate.resolve();
    const answer = await visitor;
    expect(gated.state.calls).toBe(1);
    expect(answer.analysis).toEqual(await storedAnalysis());
    const stages = await testDb(core).selectFrom('video_stages').select(['stage', 'status', 'run_id']).where('city_video_id', '=', target.id).orderBy('stage').execute();
    expect(stages).toEqual([
      { stage: 'analysis', status: 'done', run_id: null },
      { stage: 'transcript', status: 'done', run_id: expect.any(String) },
      { stage: 'verify', status: 'done', run_id: null },
    ]);
  });
});
