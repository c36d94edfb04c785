import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../testing/test-database.js';
import { createTestPipelineDeps, seedFairview } from '../testing/test-pipeline.js';
import type { VideoStageName } from './progress.js';
import { runPipeline } from './run.js';
import type { VideoLocks } from './video-locks.js';
import { HELD_REASON, runVideoStages, STORED_MEANWHILE, type StageReport } from './video-work.js';

function memoryLocks(): VideoLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    tryLock: async (id) => (held.has(id) ? false : (held.add(id), true)),
    unlock: async (id) => void held.delete(id),
    holdRun: async () => undefined,
    isRunAlive: async () => true,
  };
}

const plan = (...stages: VideoStageName[]) => stages.map((stage) => ({ stage }));

describe('one video’s stages, as every front door runs them', () => {
  let database: Database;
  let transcribed: string;
  let bare: string;
  beforeEach(async () => {
    database = await createTestDatabase('pglite');
    const city = await seedFairview(database);
    await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], stages: ['discover'], concurrency: 2 });
    const videos = await database.db.selectFrom('city_videos').select('id').where('city_id', '=', city.id).orderBy('video_id').execute();
    await runPipeline(createTestPipelineDeps(database), { command: 'ingest', cities: [city], videoIds: [videos[0]!.id], stages: ['transcript'], concurrency: 1 });
    transcribed = videos[0]!.id;
    bare = videos[1]!.id;
  });
  afterEach(async () => {
    await database.close();
  });

  it('says the video was held by another run, and starts nothing, when its lock is taken', async () => {
    const locks = memoryLocks();
    await locks.tryLock(transcribed);
    const started: string[] = [];
    const result = await runVideoStages(createTestPipelineDeps(database), {
      cityVideoId: transcribed, stages: plan('analysis', 'story'), locks, runId: null, onStageStarted: (stage) => started.push(stage),
    });
    expect(result).toEqual({ status: 'held', reason: HELD_REASON });
    expect(started).toEqual([]);
  });

  it('runs the stages in order, leaves the rest undone after a stop, and releases the lock before it returns', async () => {
    const locks = memoryLocks();
    const finished: StageReport[] = [];
    const result = await runVideoStages(createTestPipelineDeps(database), {
      cityVideoId: transcribed,
      stages: plan('analysis', 'story', 'verify'),
      locks,
      runId: null,
      stopReason: (stage) => (stage === 'story' ? 'run budget reached: no new model calls' : null),
      onStageFinished: (report) => finished.push(report),
    });
    expect(result).toEqual({
      status: 'ran',
      changed: true,
      stages: [
        { stage: 'analysis', outcome: 'done' },
        { stage: 'story', outcome: 'undone', reason: 'run budget reached: no new model calls' },
        { stage: 'verify', outcome: 'undone', reason: 'run budget reached: no new model calls' },
      ],
    });
    expect(finished).toEqual(result.status === 'ran' ? result.stages : []);
    expect(locks.held.size).toBe(0);
  });

  it('ends at a failure, with the error, and skips what depended on it', async () => {
    const result = await runVideoStages(createTestPipelineDeps(database), { cityVideoId: bare, stages: plan('analysis', 'story'), locks: memoryLocks(), runId: null });
    expect(result).toMatchObject({
      status: 'ran',
      changed: false,
      stages: [
        { stage: 'analysis', outcome: 'failed', reason: 'Video must have a transcript to run analysis', error: expect.any(Error) },
        { stage: 'story', outcome: 'skipped', reason: 'analysis failed' },
      ],
    });
  });

  it('waits for a holder, and takes what it stored meanwhile instead of running again', async () => {
    const locks = memoryLocks();
    await locks.tryLock(transcribed);
    const result = await runVideoStages(createTestPipelineDeps(database), {
      cityVideoId: transcribed, stages: plan('analysis'), locks, runId: null, busyWait: { waitMs: 1_000, pollMs: 10 }, ready: () => true,
    });
    expect(result).toEqual({ status: 'ran', changed: false, stages: [{ stage: 'analysis', outcome: 'skipped', reason: STORED_MEANWHILE }] });
  });

  it('checks the quotes again after a change when asked, and only then', async () => {
    const deps = createTestPipelineDeps(database);
    const first = await runVideoStages(deps, { cityVideoId: transcribed, stages: plan('analysis'), locks: memoryLocks(), runId: null, verifyAfterChange: true });
    expect(first.status === 'ran' && first.stages.map((each) => [each.stage, each.outcome])).toEqual([['analysis', 'done'], ['verify', 'done']]);
    const again = await runVideoStages(deps, { cityVideoId: transcribed, stages: plan('analysis'), locks: memoryLocks(), runId: null, verifyAfterChange: true });
    expect(again.status === 'ran' && again.stages.map((each) => [each.stage, each.outcome])).toEqual([['analysis', 'skipped']]);
  });
});
