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
});
