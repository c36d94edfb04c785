import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { insertLlmCall } from '../../core/db/repositories/llm-calls.js';
import { finishRun, insertRun } from '../../core/db/repositories/pipeline-runs.js';
import { AppError } from '../../core/errors.js';
import { buildCity, buildCityUrl, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { buildReport, describeFailures, describeReport } from './report.js';

const call = { purpose: 'analysis', provider: 'openai', model: 'gpt-4o-mini', latencyMs: 900, ok: true, runId: null };

describe.each(TEST_ENGINES)('civic report on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
  });
  afterEach(async () => {
    await core.close();
  });

  it('reports progress, failures, model cost per meeting and the last run, per city and in total', async () => {
    const fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca', status: 'Live' });
    const riverton = await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or', state: 'OR' });
    const a = await buildVideo(testDb(core), fairview.id, { title: 'A', transcript: 'Text.', analysis_results: JSON.stringify({ summary: '', highlights: [], action_items: [], entities: [] }) });
    const b = await buildVideo(testDb(core), fairview.id, { title: 'B', transcript: 'Text.', news_story: 'A story.' });
    await buildVideo(testDb(core), fairview.id, { title: 'C' });
    await buildVideo(testDb(core), riverton.id, { title: 'R' });
    await testDb(core)
      .insertInto('video_stages')
      .values([
        { city_video_id: b.id, stage: 'analysis', status: 'failed', attempts: 2, last_error: 'model timed out', finished_at: new Date('2026-03-02T00:00:00Z') },
        { city_video_id: a.id, stage: 'story', status: 'failed', attempts: 1, last_error: 'rate limited', finished_at: new Date('2026-03-03T00:00:00Z') },
      ])
      .execute();
    await insertLlmCall(testDb(core), { ...call, cityVideoId: a.id, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 });
    await insertLlmCall(testDb(core), { ...call, cityVideoId: a.id, tokensIn: 500, tokensOut: 100, costUsd: 0.005, ok: false, error: '429' });
    await insertLlmCall(testDb(core), { ...call, cityVideoId: b.id, tokensIn: 1500, tokensOut: 300, costUsd: 0.015 });
    // A call whose video was deleted since: counted in the totals only.
    await insertLlmCall(testDb(core), { ...call, cityVideoId: null, tokensIn: 10, tokensOut: 10, costUsd: 0.001 });
    const run = await insertRun(testDb(core), 'ingest', { cities: ['fairview-ca'] });
    await finishRun(testDb(core), run, 'done', {});
    // Left 'running' by a process that died: nobody holds its lock, so the report says interrupted.
    await insertRun(testDb(core), 'ingest', { cities: ['cedar-hollow-wa'] });

    const report = await buildReport(core, {});
    const [first, second] = report.cities;
    expect(first).toMatchObject({
      city: { location_key: 'fairview-ca', status: 'Live' },
      videos: { total: 3, withTranscript: 2, analysed: 1, withStory: 1 },
      failures: { count: 2, latest: [{ stage: 'story', error: 'rate limited' }, { stage: 'analysis', error: 'model timed out', attempts: 2 }] },
      model: { calls: 3, failedCalls: 1, offlineCalls: 0, tokensIn: 3000, tokensOut: 600, costUsd: 0.03, meetings: 2, perMeeting: { costUsd: 0.015, tokensIn: 1500, tokensOut: 300 } },
      lastRun: { id: run, command: 'ingest', status: 'done' },
    });
    expect(second).toMatchObject({ city: { location_key: 'riverton-or' }, videos: { total: 1 }, failures: { count: 0 }, model: { calls: 0, perMeeting: null }, lastRun: null });
    expect(report.totals).toMatchObject({ videos: { total: 4 }, failures: 2, model: { calls: 4, costUsd: 0.031, meetings: 2 }, lastRun: { command: 'ingest', status: 'interrupted' } });

    // As a wide terminal shows it; at 80 columns the longer lines wrap (tested below).
    const text = describeReport(report, 200);
    expect(text).toContain('Fairview, CA (fairview-ca, Live)');
    expect(text).toContain('Videos:     3 total, 2 with transcript, 1 analysed, 1 with story');
    expect(text).toContain('Failures:   2 stages failed');
    expect(text).toMatch(/story \S+ \(1×, 2026-03-03 00:00 UTC\): rate limited/);
    expect(text).toContain('Model:      3 model calls (1 failed), 3.0k tokens in / 600 out, $0.03 over 2 meetings; per meeting $0.015, 1.5k in / 300 out');
    expect(text).toContain('All cities');

    const one = await buildReport(core, { city: 'riverton-or' });
    expect(one.cities).toHaveLength(1);
    expect(one.totals.model.calls).toBe(0);
    await expect(buildReport(core, { city: 'nowhere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names every source whose discovery failed, with its last error, and does not call that run done', async () => {
    const videoSource = {
      listVideos: (url: string) => Promise.reject(new AppError('UPSTREAM', url.includes('playlist') ? 'YouTube answered 500' : 'The channel page timed out')),
    };
    await core.close();
    core = await createTestCore(engine, { videoSource });
    const city = await buildCity(testDb(core), { name: 'Lakeside', location_key: 'lakeside-mn', state: 'MN', status: 'Live' });
    await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@LakesideCouncil', content_type: 'video' });
    await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/playlist?list=PLlakeside', content_type: 'video' });
    const summary = await core.pipeline.ingest({ cityKey: 'lakeside-mn', stages: ['discover', 'transcript'], concurrency: 2 });
    expect(summary.progress.stages.discover).toMatchObject({ total: 2, failed: 2 });

    const report = await buildReport(core, { city: 'lakeside-mn' });
    const [lakeside] = report.cities;
    expect(lakeside?.failures.count).toBe(2);
    expect(lakeside?.failures.discovery).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: 'https://www.youtube.com/@LakesideCouncil', attempts: 1, error: 'The channel page timed out', at: expect.any(Date) }),
        expect.objectContaining({ url: 'https://www.youtube.com/playlist?list=PLlakeside', error: 'YouTube answered 500' }),
      ]),
    );
    expect(lakeside?.lastRun).toMatchObject({ id: summary.runId, command: 'ingest', status: 'failed' });
    expect(report.totals.failures).toBe(2);

    const text = describeReport(report, 200);
    expect(text).not.toContain('Failures:   none');
    expect(text).toContain('Failures:   2 sources failed discovery');
    expect(text).toMatch(/discover https:\/\/www\.youtube\.com\/@LakesideCouncil \(1×, \d{4}-\d\d-\d\d \d\d:\d\d UTC\): The channel page timed out/);
    expect(text).toContain('discover https://www.youtube.com/playlist?list=PLlakeside');
    expect(text).toContain('Last run:   ingest ended with failures, ');
    // The JSON report (civic report --json) carries the same lines.
    expect(JSON.parse(JSON.stringify(report)).cities[0].failures.discovery).toHaveLength(2);
    // civic report --failures, where the live display sends the reader, lists them too.
    const listed = describeFailures(await buildReport(core, { city: 'lakeside-mn', failures: true }), 80);
    expect(listed).toContain('Lakeside, MN (lakeside-mn): 2 sources failed discovery');
    expect(listed).toContain('discover   https://www.youtube.com/@LakesideCouncil');
    expect(listed).toContain('The channel page timed out');
  });

  it('lists every failure with --failures, each reason whole, and fits 80 columns', async () => {
    const fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const reason = (n: number) => `analysis failed: OpenAI request failed after 3 retries over 94 seconds of waiting: 429 Too Many Requests (${n})`;
    for (let n = 0; n < 5; n++) {
      const video = await buildVideo(testDb(core), fairview.id, { title: `Meeting ${n}` });
      await testDb(core)
        .insertInto('video_stages')
        .values({ city_video_id: video.id, stage: 'analysis', status: 'failed', attempts: 1, last_error: reason(n), finished_at: new Date(Date.UTC(2026, 2, n + 1)) })
        .execute();
    }
    const brief = await buildReport(core, { city: 'fairview-ca' });
    expect(brief.cities[0]?.failures.latest).toHaveLength(3);
    const text = describeReport(brief, 80);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

    const all = await buildReport(core, { city: 'fairview-ca', failures: true });
    const listed = describeFailures(all, 80);
    expect(listed).toContain('Fairview, CA (fairview-ca): 5 failed stages');
    for (let n = 0; n < 5; n++) expect(listed).toContain(`Meeting ${n}`);
    // Whole, wrapped rather than cut.
    expect(listed.replace(/\s+/g, ' ')).toContain(reason(4));
    for (const line of listed.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('counts the model work of the last N days only with --since, and says from when', async () => {
    const fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const video = await buildVideo(testDb(core), fairview.id, { title: 'A' });
    await insertLlmCall(testDb(core), { ...call, cityVideoId: video.id, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 });
    await insertLlmCall(testDb(core), { ...call, cityVideoId: video.id, tokensIn: 4000, tokensOut: 800, costUsd: 0.04 });
    // The second call was made 40 days ago.
    const [, old] = await testDb(core).selectFrom('llm_calls').select('id').orderBy('tokens_in').execute();
    await testDb(core).updateTable('llm_calls').set({ created_at: new Date(Date.now() - 40 * 86_400_000) }).where('id', '=', old!.id).execute();

    const recent = await buildReport(core, { since: 30 });
    expect(recent.cities[0]?.model).toMatchObject({ calls: 1, tokensIn: 1000, costUsd: 0.01 });
    expect(describeReport(recent, 200)).toMatch(/^Model figures since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    const all = await buildReport(core, {});
    expect(all.cities[0]?.model).toMatchObject({ calls: 2, tokensIn: 5000 });
    expect(describeReport(all, 200)).not.toContain('Model figures since');
  });

  it("names the offline analyzer's runs as such: no model was called and nothing billed", async () => {
    const fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const riverton = await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or', state: 'OR' });
    const offline = { ...call, provider: 'local', model: 'local-rules', tokensIn: 0, tokensOut: 0, costUsd: 0 };
    const a = await buildVideo(testDb(core), fairview.id, { title: 'A' });
    await insertLlmCall(testDb(core), { ...offline, cityVideoId: a.id });
    await insertLlmCall(testDb(core), { ...offline, cityVideoId: a.id, purpose: 'story' });
    const r = await buildVideo(testDb(core), riverton.id, { title: 'R' });
    await insertLlmCall(testDb(core), { ...offline, cityVideoId: r.id });
    await insertLlmCall(testDb(core), { ...call, cityVideoId: r.id, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 });

    const report = await buildReport(core, {});
    expect(report.cities.map((city) => city.model)).toMatchObject([{ calls: 2, offlineCalls: 2 }, { calls: 2, offlineCalls: 1 }]);
    const text = describeReport(report, 200);
    expect(text).toContain('Model:      2 offline analyzer runs, no model called, $0.00 over 1 meeting');
    expect(text).toContain('Model:      1 model call and 1 offline analyzer run, 1.0k tokens in / 200 out, $0.01 over 1 meeting');
  });

  it('says so when there is nothing to report', async () => {
    expect(describeReport(await buildReport(core, {}))).toBe('No cities yet: nothing to report');
  });
});
