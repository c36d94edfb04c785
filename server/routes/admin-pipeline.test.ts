import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineReportSchema } from '../../core/domain/admin.js';
import { insertLlmCall } from '../../core/db/repositories/llm-calls.js';
import { AppError } from '../../core/errors.js';
import type { DiscoveredVideo, VideoSource } from '../../core/ports/video-source.js';
import { buildCity, buildCityUrl, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const SOURCE_URL = 'https://www.youtube.com/@BrookfieldCouncil';
const DAY_MS = 24 * 60 * 60 * 1000;

const meeting: DiscoveredVideo = {
  videoId: 'brookfield1',
  title: 'Brookfield City Council, March 3',
  description: '',
  channelTitle: 'Brookfield Council',
  publishedAt: '2026-03-03T02:00:00.000Z',
  thumbnailUrl: null,
  videoUrl: 'https://www.youtube.com/watch?v=brookfield1',
};

interface PipelineBody {
  since: string;
  usage_days: number;
  cities: {
    id: string;
    location_key: string;
    llm: { calls: number; offline_calls: number; tokens_in: number };
    failures: { count: number; discovery: { source_id: string; url: string; error: string | null }[] };
  }[];
  totals: { failures: number };
}

describe.each(TEST_ENGINES)('the admin pipeline view on %s', (engine) => {
  let t: TestApp;
  let admin: TestAgent;
  // The channel page times out until the test says YouTube is back.
  let youtubeDown = true;
  const videoSource: VideoSource = {
    listVideos: () => (youtubeDown ? Promise.reject(new AppError('UPSTREAM', 'The channel page timed out')) : Promise.resolve([meeting])),
  };
  beforeAll(async () => {
    t = await createTestApp(engine, { ports: { videoSource } });
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  const brookfield = (body: PipelineBody) => body.cities.find((city) => city.location_key === 'brookfield-wi');

  it('counts the model calls of the last 30 days only, and says from when', async () => {
    const city = await buildCity(t.db, { name: 'Brookfield', location_key: 'brookfield-wi', state: 'WI' });
    const video = await buildVideo(t.db, city.id, { title: 'Budget hearing' });
    const call = { cityVideoId: video.id, runId: null, purpose: 'analysis', provider: 'local', model: 'local', latencyMs: 10, costUsd: 0, ok: true };
    await insertLlmCall(t.db, { ...call, tokensIn: 100, tokensOut: 10 });
    await insertLlmCall(t.db, { ...call, tokensIn: 7000, tokensOut: 700 });
    await t.db
      .updateTable('llm_calls')
      .set({ created_at: new Date(Date.now() - 31 * DAY_MS) })
      .where('tokens_in', '=', 7000)
      .execute();

    const res = await admin.get('/api/admin/pipeline').expect(200);
    // The answer the card parses with core/domain's schema (it refuses one that does not match).
    expect(pipelineReportSchema.safeParse(res.body).error).toBeUndefined();
    const body = res.body as PipelineBody;
    expect(body.usage_days).toBe(30);
    expect(Date.now() - Date.parse(body.since)).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(Date.now() - Date.parse(body.since)).toBeLessThan(31 * DAY_MS);
    expect(brookfield(body)).toMatchObject({ id: city.id, llm: { calls: 1, offline_calls: 1, tokens_in: 100 } });

    // A video's own figures are all-time, its offline analyzer runs told apart.
    const videos = await admin.get('/api/admin/pipeline').query({ cityId: city.id }).expect(200);
    expect(videos.body.videos).toMatchObject([{ id: video.id, llm: { calls: 2, offline_calls: 2 } }]);
  });

  it("lists a source whose discovery failed, and Refresh videos' call on it clears the failure", async () => {
    const city = await t.db.selectFrom('cities').select('id').where('location_key', '=', 'brookfield-wi').executeTakeFirstOrThrow();
    const source = await buildCityUrl(t.db, city.id, { url: SOURCE_URL, content_type: 'video', title: 'Brookfield Council' });

    // Refresh videos while YouTube is down: a 502 with the reason, and the failure is kept.
    const failed = await admin.post('/api/functions/fetchYoutubeVideos').send({ url: SOURCE_URL, cityId: city.id }).expect(502);
    expect(failed.body.error.message).toBe('The channel page timed out');
    const listed = await admin.get('/api/admin/pipeline').expect(200);
    expect(pipelineReportSchema.safeParse(listed.body).error).toBeUndefined();
    const before = brookfield(listed.body as PipelineBody);
    expect(before?.failures.count).toBe(1);
    expect(before?.failures.discovery).toEqual([expect.objectContaining({ source_id: source.id, url: SOURCE_URL, error: 'The channel page timed out' })]);

    // The card's Retry: the same call, with the city id and address the pipeline gave.
    youtubeDown = false;
    const retried = await admin.post('/api/functions/fetchYoutubeVideos').send({ url: before!.failures.discovery[0]!.url, cityId: before!.id }).expect(200);
    expect(retried.body).toMatchObject({ success: true, found: 1, inserted: 1 });
    const after = brookfield((await admin.get('/api/admin/pipeline').expect(200)).body as PipelineBody);
    expect(after?.failures).toMatchObject({ count: 0, discovery: [] });
  });

  it('refuses members (403) and visitors (401)', async () => {
    const city = await t.db.selectFrom('cities').select('id').where('location_key', '=', 'brookfield-wi').executeTakeFirstOrThrow();
    const member = await t.memberAgent();
    await member.get('/api/admin/pipeline').expect(403);
    await member.post('/api/functions/fetchYoutubeVideos').send({ url: SOURCE_URL, cityId: city.id }).expect(403);
    const visitor = await t.signedOutAgent();
    await visitor.get('/api/admin/pipeline').expect(401);
  });
});
