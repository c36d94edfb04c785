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

export async function markStageFinished(
  db: Executor,
  cityVideoId: string,
  stage: StageName,
  result: { status: Exclude<StageRowStatus, 'running'>; error?: string | null; durationMs: number },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('video_stages')
    .set({ status: result.status, last_error: result.error ?? null, finished_at: now, duration_ms: Math.round(result.durationMs), updated_at: now })
    .where('city_video_id', '=', cityVideoId)
    .where('stage', '=', stage)
    .execute();
}

/** Forget a stage's state, e.g. after a person edits the transcript the analysis rests on. */
export async function resetStages(db: Executor, cityVideoId: string, stages: StageName[]): Promise<void> {
  if (stages.length === 0) return;
  await db.deleteFrom('video_stages').where('city_video_id', '=', cityVideoId).where('stage', 'in', stages).execute();
}
