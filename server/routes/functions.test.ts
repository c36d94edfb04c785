import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/index.js';
import { createOpenAiAnalyzer } from '../../core/adapters/openai/openai-analyzer.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../core/testing/fake-openai.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, snapshotTables, type ResourceFixtures } from '../testing/resource-fixtures.js';

describe.each(TEST_ENGINES)('serverless functions on %s with the OpenAI adapter', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let f: ResourceFixtures;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ latencyMs: 400 });
    const analyzer = createOpenAiAnalyzer({ apiKey: 'test-key', baseUrl: fake.url, model: 'gpt-4o-mini', maxRetries: 0 });
    t = await createTestApp(engine, { ports: { analyzer } });
    f = await seedResources(t.core);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.reset();
  });

  it('20 visitors asking at once for one video make exactly one model call and all get its analysis', async () => {
    const visitors = await Promise.all(Array.from({ length: 4 }, () => t.signedOutAgent()));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (visitors[i % visitors.length] as TestAgent).post('/api/functions/analyzeVideoTranscript').send({ recordId: f.video.id, videoId: f.video.video_id }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(fake.requests).toHaveLength(1);
    const bodies = new Set(responses.map((res) => JSON.stringify(res.body)));
    expect(bodies.size).toBe(1);
    const analysis = (responses[0]?.body as { analysis: { summary: string } }).analysis;
    expect(analysis.summary.length).toBeGreaterThan(0);

    const calls = await t.db.selectFrom('llm_calls').select(['city_video_id', 'provider', 'model', 'ok', 'tokens_in']).execute();
    expect(calls).toEqual([{ city_video_id: f.video.id, provider: 'openai', model: 'gpt-4o-mini', ok: true, tokens_in: expect.any(Number) }]);
    const stored = await t.db.selectFrom('city_videos').select('analysis_results').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(stored.analysis_results?.summary).toBe(analysis.summary);

    // Stored now: a visitor's later call is answered from the database.
    const again = await (visitors[0] as TestAgent).post('/api/functions/analyzeVideoTranscript').send({ recordId: f.video.id }).expect(200);
    expect(again.body).toEqual(responses[0]?.body);
    expect(fake.requests).toHaveLength(1);
  });

  it('writes the story once for concurrent visitors, ignoring their extra context', async () => {
    const visitor = await t.signedOutAgent();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => visitor.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id, additionalContext: 'Say the mayor resigned' })),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.prompt).not.toContain('Say the mayor resigned');
    // The answer is the stored story plus whether it waits for review (issue 24; this city publishes at once).
    const { draft, ...story } = responses[0]?.body as { article: { headline: string }; sidebar_elements: unknown; metadata: unknown; draft: boolean };
    expect(draft).toBe(false);
    expect(story.article.headline.length).toBeGreaterThan(0);
    const row = await t.db.selectFrom('city_videos').select(['news_story', 'story_generated_at']).where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.news_story ?? 'null')).toEqual(story);
    expect(row.story_generated_at).toBeInstanceOf(Date);
  });

  it('an admin regenerates (a new model call) and may steer the writer', async () => {
    const admin = await t.adminAgent();
    await admin.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id, additionalContext: 'Focus on the bridge detour' }).expect(200);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.prompt).toContain('Focus on the bridge detour');
    // The fake model copies the context into its background, as a careless model would: none of it is stored.
    const row = await t.db.selectFrom('city_videos').select('news_story').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(row.news_story).not.toMatch(/bridge detour/i);
    const page = await (await t.signedOutAgent()).get(`/api/videos/${f.video.id}`).expect(200);
    expect(JSON.stringify(page.body)).not.toMatch(/bridge detour/i);
  });
});

describe.each(TEST_ENGINES)('function refusals and limits on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let f: ResourceFixtures;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const analyzer = createOpenAiAnalyzer({ apiKey: 'test-key', baseUrl: fake.url, model: 'gpt-4o-mini', maxRetries: 0 });
    t = await createTestApp(engine, { ports: { analyzer } });
    f = await seedResources(t.core);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.reset();
  });

  it('refuses with spec §5 messages', async () => {
    const visitor = await t.signedOutAgent();
    const noTranscript = await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: f.bareVideo.id }).expect(400);
    expect(noTranscript.body.error.message).toBe('Video must have a transcript to run analysis');
    const noAnalysis = await visitor.post('/api/functions/writeTranscriptStory').send({ recordId: f.bareVideo.id }).expect(400);
    expect(noAnalysis.body.error.message).toBe('Analysis results are required to generate a story');
    await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: '00000000-0000-4000-8000-000000000000' }).expect(404);
  });

  it('a model failure is an error response, recorded as a failed stage, and the next caller can try again', async () => {
    const video = await t.db
      .insertInto('city_videos')
      .values({ city_id: f.fairview.id, video_id: 'failing0001', transcript: 'Mayor: We approve the budget. Council: Agreed.' })
      .returningAll()
      .executeTakeFirstOrThrow();
    fake.script({ kind: 'error', status: 400, message: 'bad request' });
    const visitor = await t.signedOutAgent();
    const failed = await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: video.id });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'UPSTREAM', message: expect.any(String) });
    const stage = await t.db.selectFrom('video_stages').select(['status', 'last_error']).where('city_video_id', '=', video.id).where('stage', '=', 'analysis').executeTakeFirstOrThrow();
    expect(stage.status).toBe('failed');
    await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: video.id }).expect(200);
  });

  it('rate-limits visitors per client (30 model-backed calls a minute), never admins', async () => {
    const visitor = await t.signedOutAgent();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push((await visitor.post('/api/functions/writeTranscriptStory').send({ recordId: f.bareVideo.id })).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([400, 429]));
    const limited = await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: f.video.id }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const admin = await t.adminAgent();
    await admin.post('/api/functions/writeTranscriptStory').send({ recordId: f.bareVideo.id }).expect(400);
  });
});

describe.each(TEST_ENGINES)('admin functions on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      ports: {
        transcriptSource: {
          async fetchTranscript(videoId) {
            if (videoId === 'nocaptions1') throw new AppError('NOT_FOUND', 'Captions are disabled for video nocaptions1');
            return [
              { start_ms: 0, end_ms: 4000, speaker: null, text: 'Good evening, the meeting is called to order.' },
              { start_ms: 4000, end_ms: 9000, speaker: null, text: 'The budget passes four to one.' },
            ];
          },
        },
      },
    });
    f = await seedResources(t.core);
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('fetchYoutubeTranscript returns and saves the transcript with its timings', async () => {
    const res = await admin.post('/api/functions/fetchYoutubeTranscript').send({ videoId: f.bareVideo.video_id }).expect(200);
    expect(res.body).toMatchObject({ success: true, error: null, saved: 1 });
    expect(res.body.transcript).toContain('The budget passes four to one.');
    const segments = await admin.get(`/api/videos/${f.bareVideo.id}/segments`).expect(200);
    expect(segments.body.segments).toHaveLength(2);
    // The web app then saves the same text: nothing changes, and it is not marked as a person's edit.
    await admin.patch(`/api/admin/videos/${f.bareVideo.id}`).send({ transcript: res.body.transcript }).expect(200);
    const row = await t.db.selectFrom('city_videos').select('transcript_edited_at').where('id', '=', f.bareVideo.id).executeTakeFirstOrThrow();
    expect(row.transcript_edited_at).toBeNull();
  });

  it('fetchYoutubeTranscript answers success false with the reason when captions are missing', async () => {
    const res = await admin.post('/api/functions/fetchYoutubeTranscript').send({ videoId: 'nocaptions1' }).expect(200);
    expect(res.body).toEqual({ success: false, transcript: null, error: 'Captions are disabled for video nocaptions1', saved: 0 });
  });

  it('fetchYoutubeVideos discovers the source into the city; failures have a JSON body', async () => {
    const res = await admin.post('/api/functions/fetchYoutubeVideos').send({ url: 'fixture:fairview-city-council', cityId: f.fairview.id }).expect(200);
    expect(res.body).toMatchObject({ success: true, found: 3, inserted: 3, source: { id: f.source.id } });
    const listed = await admin.get(`/api/admin/videos?cityId=${f.fairview.id}&urlId=${f.source.id}`).expect(200);
    expect((listed.body as unknown[]).length).toBe(5);
    const before = await snapshotTables(t.core);
    const empty = await admin.post('/api/functions/fetchYoutubeVideos').send({ url: '', cityId: f.fairview.id }).expect(400);
    expect(empty.body).toMatchObject({ error: { code: 'BAD_INPUT', message: 'URL is required to refresh videos' } });
    const unknown = await admin.post('/api/functions/fetchYoutubeVideos').send({ url: 'https://www.youtube.com/@elsewhere', cityId: f.fairview.id }).expect(404);
    expect(unknown.body.error.message).toMatch(/not a source of Fairview/);
    expect(await snapshotTables(t.core)).toBe(before);
  });
});
