import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { saveAnalysis, saveVerification } from '../../db/repositories/video-outputs.js';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { createTestDatabase, TEST_ENGINES } from '../../testing/test-database.js';
import { createTestPipelineDeps, seedFairview } from '../../testing/test-pipeline.js';
import { RUN_STAGES } from '../progress.js';
import { runPipeline } from '../run.js';

/** Counts the UPDATE statements on city_videos: verification writes the analysis and the story back, in one. */
class VideoWrites implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'UpdateQueryNode' && JSON.stringify(node.table).includes('"city_videos"')) this.count += 1;
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

describe.each(TEST_ENGINES)('verification on a rerun, on %s', (engine) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.close();
  });

  it('checks again only the videos that changed since their last check, or all of them when forced', async () => {
    const city = await seedFairview(database);
    const writes = new VideoWrites();
    const deps = createTestPipelineDeps(database, { db: database.db.withPlugin(writes) });
    const run = (options: { force?: boolean } = {}) =>
      runPipeline(deps, { command: 'ingest', cities: [city], stages: [...RUN_STAGES], concurrency: 2, ...options });
    await run();
    const verifiedAt = async () =>
      (await database.db.selectFrom('video_stages').select(['city_video_id', 'finished_at']).where('stage', '=', 'verify').orderBy('city_video_id').execute());
    const first = await verifiedAt();
    expect(first).toHaveLength(5);

    // Nothing changed: no video is read and written back again (before: 2 writes a video, every night).
    writes.count = 0;
    const rerun = await run();
    expect(rerun.progress.stages.verify).toMatchObject({ total: 5, done: 0, skipped: 5 });
    expect(writes.count).toBe(0);
    expect(await verifiedAt()).toEqual(first);

    // One analysis changed since (a newer analysis stored): that video alone is checked again.
    const changed = await database.db.selectFrom('city_videos').selectAll().where('city_id', '=', city.id).orderBy('id').executeTakeFirstOrThrow();
    await saveAnalysis(database.db, changed.id, analysisResultsSchema.parse(changed.analysis_results));
    writes.count = 0;
    const after = await run();
    expect(after.progress.stages.verify).toMatchObject({ done: 1, skipped: 4 });
    expect(writes.count).toBe(1);

    writes.count = 0;
    const forced = await runPipeline(deps, { command: 'ingest', cities: [city], stages: ['verify'], concurrency: 2, force: true });
    expect(forced.progress.stages.verify).toMatchObject({ done: 5, skipped: 0 });
    expect(writes.count).toBe(5);
  });
  it("writes a checked draft only while the video still has one, without moving the video's updated_at", async () => {
    const city = await seedFairview(database);
    await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['discover'], concurrency: 2 });
    const [first, second] = await database.db.selectFrom('city_videos').select(['id', 'updated_at']).where('city_id', '=', city.id).orderBy('id').limit(2).execute();
    await database.db.updateTable('city_videos').set({ draft_story: 'waiting' }).where('id', '=', first!.id).execute();
    const before = await database.db.selectFrom('city_videos').select(['id', 'updated_at']).orderBy('id').execute();
    await saveVerification(database.db, first!.id, { draft: 'checked' });
    await saveVerification(database.db, second!.id, { draft: 'checked' });
    const after = await database.db.selectFrom('city_videos').select(['id', 'draft_story', 'updated_at']).where('id', 'in', [first!.id, second!.id]).orderBy('id').execute();
    expect(after.map((row) => row.draft_story)).toEqual(['checked', null]);
    expect(after.map((row) => row.updated_at)).toEqual(before.filter((row) => row.id === first!.id || row.id === second!.id).map((row) => row.updated_at));
  });
});
