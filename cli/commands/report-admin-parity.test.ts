import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineReportSchema, type PipelineReport } from '../../core/domain/admin.js';
import { formatCount } from '../../core/domain/format.js';
import { describeModelUsage, usageFromApi } from '../../core/domain/model-usage.js';
import { insertLlmCall } from '../../core/db/repositories/llm-calls.js';
import { finishRun, insertRun } from '../../core/db/repositories/pipeline-runs.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { buildReport, describeReport } from './report.js';

/**
 * Issue 28: `civic report` and the Admin Panel's pipeline card (which renders
 * GET /api/admin/pipeline with core/domain/model-usage.ts, as admin-panel.test.tsx checks) print
 * the same counts and the same cost for the same run. Costs are chosen where two rounding rules
 * part ways ($0.2499 against $0.25), counts where a plural rule shows (1 meeting).
 */
describe.each(TEST_ENGINES)('the figures of one run, in the terminal and on the Admin Panel, on %s', (engine) => {
  let t: TestApp;
  let answer: PipelineReport;
  let text: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.db;
    const fairview = await buildCity(db, { name: 'Fairview', location_key: 'fairview-ca', status: 'Live' });
    const riverton = await buildCity(db, { name: 'Riverton', location_key: 'riverton-or', state: 'OR' });
    const analysed = await buildVideo(db, fairview.id, { title: 'A', transcript: 'Text.', analysis_results: JSON.stringify({ summary: '', highlights: [], action_items: [], entities: [] }) });
    const told = await buildVideo(db, fairview.id, { title: 'B', transcript: 'Text.', news_story: 'A story.' });
    await buildVideo(db, fairview.id, { title: 'C' });
    const offline = await buildVideo(db, riverton.id, { title: 'R', transcript: 'Text.' });
    await db
      .insertInto('video_stages')
      .values({ city_video_id: told.id, stage: 'analysis', status: 'failed', attempts: 2, last_error: 'model timed out', finished_at: new Date() })
      .execute();
    const run = await insertRun(db, 'ingest', { cities: ['fairview-ca', 'riverton-or'] });
    const call = { purpose: 'analysis', provider: 'openai', model: 'gpt-4o-mini', latencyMs: 900, ok: true, runId: run };
    await insertLlmCall(db, { ...call, cityVideoId: analysed.id, tokensIn: 1000, tokensOut: 200, costUsd: 0.0105 });
    await insertLlmCall(db, { ...call, cityVideoId: analysed.id, tokensIn: 500, tokensOut: 100, costUsd: 0.0045, ok: false, error: '429' });
    await insertLlmCall(db, { ...call, cityVideoId: told.id, tokensIn: 12_345, tokensOut: 2_100, costUsd: 0.2349 });
    await insertLlmCall(db, { ...call, provider: 'local', model: 'local', cityVideoId: offline.id, tokensIn: 800, tokensOut: 90, costUsd: 0 });
    await finishRun(db, run, 'failed', {});

    text = describeReport(await buildReport(t.core, {}), 400);
    const admin = await t.adminAgent();
    answer = pipelineReportSchema.parse((await admin.get('/api/admin/pipeline').expect(200)).body);
  });
  afterAll(async () => {
    await t.close();
  });

  it("prints each city's counts as the card shows them", () => {
    for (const city of answer.cities) {
      const { total, with_transcript: withTranscript, analysed, with_story: withStory } = city.videos;
      const block = cityBlock(text, city.location_key);
      expect(block).toContain(`Videos:     ${total} total, ${withTranscript} with transcript, ${analysed} analysed, ${withStory} with story`);
      expect(block).toContain(`Failures:   ${city.failures.count === 0 ? 'none' : `${formatCount(city.failures.count, 'stage')} failed`}`);
    }
    expect(answer.cities.map((city) => city.videos.total)).toEqual([3, 1]);
  });

  it("prints each city's model work and cost in the card's words, to the same figure", () => {
    for (const city of answer.cities) {
      expect(cityBlock(text, city.location_key)).toContain(`Model:      ${describeModelUsage(usageFromApi(city.llm))} over ${formatCount(city.llm.meetings, 'meeting')}`);
    }
    // The figures themselves, so neither side can agree with the other on a wrong sum.
    expect(cityBlock(text, 'fairview-ca')).toContain('Model:      3 model calls (1 failed), 13.8k tokens in / 2.4k out, $0.2499 over 2 meetings');
    expect(cityBlock(text, 'riverton-or')).toContain('Model:      1 offline analyzer run, no model called, $0.00 over 1 meeting');
  });

  it('prints the totals as the card does', () => {
    const all = text.slice(text.indexOf('All cities'));
    const { totals } = answer;
    expect(all).toContain(`Videos:     ${totals.videos.total} total`);
    expect(all).toContain(`Failures:   ${totals.failures}`);
    expect(all).toContain(`Model:      ${describeModelUsage(usageFromApi(totals.model))} over ${formatCount(totals.model.meetings, 'meeting')}`);
    expect(all).toContain('Last run:   ingest ended with failures');
    expect(answer.cities.every((city) => city.last_run?.status === 'failed')).toBe(true);
  });
});

/** One city's lines of the report, up to the blank line that ends them. */
function cityBlock(report: string, locationKey: string): string {
  const start = report.indexOf(`(${locationKey}, `);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = report.indexOf('\n\n', start);
  return report.slice(start, end === -1 ? undefined : end);
}
