import type { StageRowStatus, VideoStage, VideoStagesTable } from '../schema.js';
import type { Executor } from './executor.js';

type StageName = VideoStagesTable['stage'];

export function listStagesForVideo(db: Executor, cityVideoId: string): Promise<VideoStage[]> {
  return db.selectFrom('video_stages').selectAll().where('city_video_id', '=', cityVideoId).execute();
}

export async function markStageRunning(db: Executor, cityVideoId: string, stage: StageName, runId: string | null): Promise<void> {
  const now = new Date();
  await db
    .insertInto('video_stages')
    .values({ city_video_id: cityVideoId, stage, status: 'running', attempts: 1, run_id: runId, started_at: now, finished_at: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['city_video_id', 'stage']).doUpdateSet((eb) => ({
        status: 'running',
        attempts: eb('video_stages.attempts', '+', 1),
        run_id: runId,
        started_at: now,
        finished_at: null,
        updated_at: now,
      })),
    )
    .execute();
}

/** Records the outcome; a stage refused before it started (no transcript, say) gets its row here. */
export async function markStageFinished(
  db: Executor,
  cityVideoId: string,
  stage: StageName,
  result: { status: Exclude<StageRowStatus, 'running'>; error?: string | null; durationMs: number; runId?: string | null },
): Promise<void> {
  const now = new Date();
  const outcome = { status: result.status, last_error: result.error ?? null, finished_at: now, duration_ms: Math.round(result.durationMs), updated_at: now };
  await db
    .insertInto('video_stages')
    .values({ city_video_id: cityVideoId, stage, attempts: 1, run_id: result.runId ?? null, started_at: now, ...outcome })
    .onConflict((oc) =>
      oc.columns(['city_video_id', 'stage']).doUpdateSet((eb) => ({
        ...outcome,
        // A refusal before the stage started is an attempt too; a started one was counted then.
        attempts: eb.case().when('video_stages.status', '=', 'running').then(eb.ref('video_stages.attempts')).else(eb('video_stages.attempts', '+', 1)).end(),
      })),
    )
    .execute();
}

/**
 * A failed row whose stage's result is stored after all (a forced redo failed, the earlier
 * result stands): a later run that finds nothing to do settles it as done, else the failure
 * stayed on the reports for good (issue 26). Rows in any other state are left as they are.
 */
export async function settleStoredStage(db: Executor, cityVideoId: string, stage: StageName, runId: string | null): Promise<void> {
  const now = new Date();
  await db
    .updateTable('video_stages')
    .set({ status: 'done', last_error: null, run_id: runId, finished_at: now, updated_at: now })
    .where('city_video_id', '=', cityVideoId)
    .where('stage', '=', stage)
    .where('status', '=', 'failed')
    .execute();
}

/** Stages left 'running': by a live worker, or by a process that died (dead-runs.ts tells which). */
export async function listRunningStageVideoIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('video_stages').select('city_video_id').distinct().where('status', '=', 'running').execute();
  return rows.map((row) => row.city_video_id);
}

/**
 * A video's stages that were started but will not end (the run was interrupted, its budget
 * spent, or its process died) go back to pending, as if never started: the attempt is not
 * counted and the error of an earlier attempt, if any, is kept. One stage, or all of them.
 */
export async function handBackRunningStages(db: Executor, cityVideoId: string, stage?: StageName): Promise<number> {
  let query = db
    .updateTable('video_stages')
    .set((eb) => ({ status: 'pending', attempts: eb.fn<number>('greatest', [eb('attempts', '-', 1), eb.lit(0)]), started_at: null, finished_at: null, updated_at: new Date() }))
    .where('city_video_id', '=', cityVideoId)
    .where('status', '=', 'running');
  if (stage) query = query.where('stage', '=', stage);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One stage's row of a video, if it ever ran. */
export function findStage(db: Executor, cityVideoId: string, stage: StageName): Promise<VideoStage | undefined> {
  return db.selectFrom('video_stages').selectAll().where('city_video_id', '=', cityVideoId).where('stage', '=', stage).executeTakeFirst();
}

export function listStagesForVideos(db: Executor, cityVideoIds: readonly string[]): Promise<VideoStage[]> {
  if (cityVideoIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('video_stages').selectAll().where('city_video_id', 'in', cityVideoIds).execute();
}

export interface StageCount {
  stage: StageName;
  status: StageRowStatus;
  count: number;
}

/** Per stage and status, how many of a city's videos stand there. */
export async function countStagesForCity(db: Executor, cityId: string): Promise<StageCount[]> {
  const rows = await db
    .selectFrom('video_stages')
    .innerJoin('city_videos', 'city_videos.id', 'video_stages.city_video_id')
    .select((eb) => ['video_stages.stage', 'video_stages.status', eb.fn.countAll<string>().as('count')])
    .where('city_videos.city_id', '=', cityId)
    .groupBy(['video_stages.stage', 'video_stages.status'])
    .orderBy('video_stages.stage')
    .orderBy('video_stages.status')
    .execute();
  return rows.map((row) => ({ stage: row.stage, status: row.status, count: Number(row.count) }));
}

export interface StageFailure {
  city_id: string;
  city_video_id: string;
  video_id: string;
  title: string | null;
  stage: StageName;
  attempts: number;
  last_error: string | null;
  finished_at: Date | null;
}

/** Failed stages, newest first: all of them, or those of some cities. */
export function listStageFailures(db: Executor, filter: { cityIds?: readonly string[] } = {}): Promise<StageFailure[]> {
  if (filter.cityIds && filter.cityIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('video_stages')
    .innerJoin('city_videos', 'city_videos.id', 'video_stages.city_video_id')
    .select([
      'city_videos.city_id',
      'video_stages.city_video_id',
      'city_videos.video_id',
      'city_videos.title',
      'video_stages.stage',
      'video_stages.attempts',
      'video_stages.last_error',
      'video_stages.finished_at',
    ])
    .where('video_stages.status', '=', 'failed')
    .orderBy('video_stages.finished_at', (ob) => ob.desc().nullsLast())
    .orderBy('video_stages.city_video_id');
  if (filter.cityIds) query = query.where('city_videos.city_id', 'in', filter.cityIds);
  return query.execute();
}

/**
 * Stages whose result rests on an input that changed (a person edited the transcript): done
 * becomes pending, so reports show the work as outdated. The stored results stay until redone.
 */
export async function markStagesStale(db: Executor, cityVideoId: string, stages: StageName[]): Promise<void> {
  if (stages.length === 0) return;
  await db
    .updateTable('video_stages')
    .set({ status: 'pending', updated_at: new Date() })
    .where('city_video_id', '=', cityVideoId)
    .where('stage', 'in', stages)
    .where('status', '=', 'done')
    .execute();
}
