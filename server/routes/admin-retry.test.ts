import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_BUSY_MESSAGE } from '../../core/index.js';
import { withVideoLocks } from '../../core/pipeline/video-locks.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { testDatabase } from '../../core/testing/test-core.js';

describe.each(TEST_ENGINES)('retrying a failed stage from the pipeline view on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  async function failStage(videoId: string, stage: 'analysis' | 'story') {
    await t.db
      .insertInto('video_stages')
      .values({ city_video_id: videoId, stage, status: 'failed', attempts: 3, last_error: 'model timed out', finished_at: new Date(), updated_at: new Date() })
      .onConflict((oc) => oc.columns(['city_video_id', 'stage']).doUpdateSet({ status: 'failed', last_error: 'model timed out' }))
      .execute();
  }

  it('runs the stage again: the failure shows in the pipeline, then the retry clears it and stores the analysis', async () => {
    await failStage(f.video.id, 'analysis');
    const before = await admin.get(`/api/admin/pipeline?cityId=${f.fairview.id}`).expect(200);
    const fairview = (before.body.cities as { location_key: string; failures: { latest: { video_id: string; city_video_id: string; error: string }[] } }[]).find(
      (city) => city.location_key === f.fairview.location_key,
    );
    expect(fairview?.failures.latest).toEqual([
      expect.objectContaining({ video_id: f.video.video_id, city_video_id: f.video.id, stage: 'analysis', error: 'model timed out' }),
    ]);

    // The card retries with the id the failure line gives.
    const retried = await admin.post(`/api/admin/videos/${fairview!.failures.latest[0]!.city_video_id}/retry`).send({ stage: 'analysis' }).expect(200);
    expect(retried.body.ok).toBe(true);
    expect(retried.body.video.analysis_results).not.toBeNull();
    expect(retried.body.video.stages).toContainEqual(expect.objectContaining({ stage: 'analysis', status: 'done' }));
    const after = await admin.get('/api/admin/pipeline').expect(200);
    expect(after.body.totals.failures).toBe(0);
  });

  it('reports a stage that fails again with its reason and changes nothing else', async () => {
    // The bare video has no transcript: its analysis cannot run.
    const retried = await admin.post(`/api/admin/videos/${f.bareVideo.id}/retry`).send({ stage: 'analysis' }).expect(200);
    expect(retried.body.ok).toBe(false);
    expect(retried.body.error).toEqual(expect.any(String));
    expect(retried.body.video.analysis_results).toBeNull();
  });

  it('answers 409 with the reason, and runs nothing, while another run holds the video', async () => {
    await failStage(f.video.id, 'story');
    const before = await t.db.selectFrom('city_videos').select('news_story').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    await withVideoLocks(t.db, testDatabase(t.core).engine, async (other) => {
      expect(await other.tryLock(f.video.id)).toBe(true);
      const busy = await admin.post(`/api/admin/videos/${f.video.id}/retry`).send({ stage: 'story' }).expect(409);
      expect(busy.body.error).toEqual({ code: 'CONFLICT', message: VIDEO_BUSY_MESSAGE });
      await other.unlock(f.video.id);
    });
    const after = await t.db.selectFrom('city_videos').select('news_story').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(after.news_story).toEqual(before.news_story);
    const row = await t.db.selectFrom('video_stages').select(['status', 'last_error']).where('city_video_id', '=', f.video.id).where('stage', '=', 'story').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: 'model timed out' });
  });

  it('refuses an unknown stage, an unknown video, members and visitors', async () => {
    const bad = await admin.post(`/api/admin/videos/${f.video.id}/retry`).send({ stage: 'discover' }).expect(400);
    expect(bad.body.error.code).toBe('BAD_INPUT');
    await admin.post('/api/admin/videos/00000000-0000-4000-8000-000000000000/retry').send({ stage: 'analysis' }).expect(404);
    const member = await t.memberAgent();
    await member.post(`/api/admin/videos/${f.video.id}/retry`).send({ stage: 'analysis' }).expect(403);
    const visitor = await t.signedOutAgent();
    await visitor.post(`/api/admin/videos/${f.video.id}/retry`).send({ stage: 'analysis' }).expect(401);
  });
});
