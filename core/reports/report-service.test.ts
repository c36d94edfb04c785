import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertLlmCall } from '../db/repositories/llm-calls.js';
import type { Core } from '../index.js';
import { buildCity, buildVideo } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { daysBefore } from './report-service.js';

const call = { purpose: 'analysis', provider: 'openai', model: 'gpt-4o-mini', latencyMs: 900, ok: true, runId: null };

describe.each(TEST_ENGINES)('the report with a time window on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
  });
  afterEach(async () => {
    await core.close();
  });

  /** A call recorded `days` days ago (created_at is set by the database: moved back after the insert). */
  async function callDaysAgo(cityVideoId: string | null, days: number, usage: { tokensIn: number; tokensOut: number; costUsd: number; ok?: boolean }) {
    await insertLlmCall(testDb(core), { ...call, cityVideoId, ...usage });
    const newest = await testDb(core).selectFrom('llm_calls').select('id').orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await testDb(core).updateTable('llm_calls').set({ created_at: daysBefore(new Date(), days) }).where('id', '=', newest.id).execute();
  }

  it('counts only the model calls made since the given moment, per city and in total', async () => {
    const fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const meeting = await buildVideo(testDb(core), fairview.id, { title: 'Recent meeting' });
    const older = await buildVideo(testDb(core), fairview.id, { title: 'Older meeting' });
    await callDaysAgo(meeting.id, 2, { tokensIn: 1000, tokensOut: 200, costUsd: 0.01 });
    await callDaysAgo(meeting.id, 29, { tokensIn: 500, tokensOut: 100, costUsd: 0.005, ok: false });
    // Older than 30 days: outside the window.
    await callDaysAgo(older.id, 31, { tokensIn: 9000, tokensOut: 900, costUsd: 0.5 });
    await callDaysAgo(null, 45, { tokensIn: 10, tokensOut: 10, costUsd: 0.001 });

    const since = daysBefore(new Date(), 30);
    const windowed = await core.reports.buildReport({ since });
    expect(windowed.since).toEqual(since);
    expect(windowed.cities[0]?.model).toMatchObject({ calls: 2, failedCalls: 1, tokensIn: 1500, tokensOut: 300, costUsd: 0.015, meetings: 1 });
    expect(windowed.totals.model).toMatchObject({ calls: 2, tokensIn: 1500, costUsd: 0.015, meetings: 1 });

    // Without a window every call counts, as `civic report` prints by default.
    const all = await core.reports.buildReport();
    expect(all.since).toBeNull();
    expect(all.cities[0]?.model).toMatchObject({ calls: 3, tokensIn: 10_500, costUsd: 0.515, meetings: 2 });
    expect(all.totals.model).toMatchObject({ calls: 4, costUsd: 0.516 });

    // A window with nothing in it: no calls, not an error.
    const empty = await core.reports.buildReport({ since: daysBefore(new Date(), 1) });
    expect(empty.cities[0]?.model).toMatchObject({ calls: 0, costUsd: 0, perMeeting: null });
  });

  it('refuses an invalid date', async () => {
    await expect(core.reports.buildReport({ since: new Date('not a date') })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
