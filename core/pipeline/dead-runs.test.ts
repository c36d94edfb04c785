import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { insertRun } from '../db/repositories/pipeline-runs.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import { runPipeline } from './run.js';
import { withVideoLocks } from './video-locks.js';

describe.each(TEST_ENGINES)('runs left running on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  const statusOf = async (id: string) =>
    (await database.db.selectFrom('pipeline_runs').select(['status', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow());

  it('a new run marks those whose process died interrupted, and leaves a live one running', async () => {
    const city = await seedFairview(database);
    // What a killed `civic batch` leaves behind: its row, and no process holding it.
    const dead = await insertRun(database.db, 'batch', { cities: ['fairview-ca'] });

    await withVideoLocks(database.db, database.engine, async (locks) => {
      // Another run, still working (here: this test holds its lock, as its process would).
      const live = randomUUID();
      await locks.holdRun(live);
      await insertRun(database.db, 'ingest', { cities: ['fairview-ca'] }, live);

      const summary = await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['verify'], concurrency: 1 });

      expect(await statusOf(dead)).toEqual({ status: 'interrupted', finished_at: expect.any(Date) });
      expect(await statusOf(live)).toEqual({ status: 'running', finished_at: null });
      expect(await statusOf(summary.runId ?? '')).toMatchObject({ status: 'done' });
    });
  });

  it("a new run takes over the stages a killed process left running: its own videos' it redoes, the others go back to pending", async () => {
    const city = await seedFairview(database);
    const deps = createTestPipelineDeps(database);
    await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['discover', 'transcript'], concurrency: 2 });
    const [mine, other, busy] = await database.db.selectFrom('city_videos').select('id').where('city_id', '=', city.id).orderBy('video_id').execute();
    // What a SIGKILLed `civic ingest` leaves: its run 'running', analyses 'running' under it.
    const dead = await insertRun(database.db, 'ingest', { cities: ['fairview-ca'] });
    const leftRunning = { stage: 'analysis' as const, status: 'running' as const, attempts: 2, run_id: dead, started_at: new Date(), last_error: 'an earlier timeout' };
    await database.db
      .insertInto('video_stages')
      .values([mine!, other!, busy!].map((video) => ({ ...leftRunning, city_video_id: video.id })))
      .execute();

    await withVideoLocks(database.db, database.engine, async (locks) => {
      // Someone alive works on `busy` (a visitor's analyze on the site): its row stays running.
      expect(await locks.tryLock(busy!.id)).toBe(true);
      const summary = await runPipeline(deps, { command: 'analyze', cities: [city], videoIds: [mine!.id], stages: ['analysis'], concurrency: 1 });
      expect(summary.progress.stages.analysis).toMatchObject({ done: 1, failed: 0 });
    });

    const rows = await database.db.selectFrom('video_stages').select(['city_video_id', 'status', 'attempts', 'last_error', 'run_id']).where('stage', '=', 'analysis').execute();
    const row = (id: string) => rows.find((r) => r.city_video_id === id);
    expect(row(mine!.id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(row(mine!.id)?.run_id).not.toBe(dead);
    // Not started as far as anyone can tell: the killed attempt is not counted, the earlier error kept.
    expect(row(other!.id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'an earlier timeout' });
    expect(row(busy!.id)).toMatchObject({ status: 'running', attempts: 2 });
    expect(await statusOf(dead)).toMatchObject({ status: 'interrupted' });
  });
});
