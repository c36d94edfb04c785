import { setTimeout as delay } from 'node:timers/promises';
import { withAbortScope } from '../abort-scope.js';
import { findVideoById } from '../db/repositories/city-videos.js';
import { markStageFinished } from '../db/repositories/video-stages.js';
import type { CityVideo } from '../db/schema.js';
import type { PipelineDeps } from './deps.js';
import type { VideoStageName } from './progress.js';
import type { VideoLocks } from './video-locks.js';
import { executeStage, type StageRequest } from './video-stage.js';

/**
 * The one way any front door runs stages of a video: a pipeline run (`civic ingest`, `batch`,
 * `analyze`, the admin's Retry), a site function (analyze, story, a transcript fetch, the
 * quote check after an edit) and a queue job. It takes the video's lock (or says who has
 * it), runs the stages in order through executeStage, stops at the first failure or stop,
 * releases the lock, and says what really happened to each stage. It returns only once the
 * lock is released, so whatever a caller chains on (a queue's next stage) finds the video free.
 */

/** What became of one stage. 'undone': not done because the run was stopped or its budget spent; the next run does it. */
export type StageReport =
  | { stage: VideoStageName; outcome: 'done' }
  | { stage: VideoStageName; outcome: 'skipped' | 'undone'; reason: string }
  | { stage: VideoStageName; outcome: 'failed'; reason: string; error: unknown };

export type VideoWorkResult =
  /** Another run (or server, or worker) had the video: nothing ran. */
  | { status: 'held'; reason: string }
  /** The stages were taken in hand; `changed`: at least one did work. */
  | { status: 'ran'; stages: StageReport[]; changed: boolean };

export const HELD_REASON = 'another run is working on this video';
export const STORED_MEANWHILE = 'stored by another run meanwhile';

/** A stage to run and how (force, a refresh, a story's extras). */
export type StagePlan = Pick<StageRequest, 'stage' | 'force' | 'refresh' | 'additionalContext' | 'replaceEdited'>;

export interface BusyWait {
  /** How long to wait for another holder to let go of the video; 0 answers at once. */
  waitMs: number;
  pollMs: number;
}

export interface VideoWork {
  cityVideoId: string;
  stages: readonly StagePlan[];
  locks: VideoLocks;
  /** The pipeline run (or worker) doing it; null for a site function. */
  runId: string | null;
  cityKey?: string;
  /** Wait this long for another holder before answering 'held' (default: answer at once). */
  busyWait?: BusyWait;
  /** While waiting: the video already has what the caller wants (the other holder stored it). */
  ready?: (video: CityVideo) => boolean;
  /** Asked as each stage is about to start: a reason to leave it (and the rest) undone, or null. */
  stopReason?: (stage: VideoStageName) => string | null | Promise<string | null>;
  /** Asked before each model request (a retry, a long meeting's next chunk); throws RunStopped to refuse it. */
  beforeAttempt?: () => void;
  /** Abandons the work in flight: each stage gets its own scope of it, dropped when the stage ends. */
  signal?: AbortSignal;
  onCall?: StageRequest['onCall'];
  /** Stages done on the video since its lock was taken, before this work (a queue slot's chain, slot-locks.ts). */
  doneSinceLocked?: () => readonly VideoStageName[];
  /** Check the quotes again after a stage that changed the video, unless verify is among the stages (functions). */
  verifyAfterChange?: boolean;
  /** Where each stage waits its turn (a run's per-stage queues); by default it runs at once. */
  schedule?: <T>(stage: VideoStageName, task: () => Promise<T>) => Promise<T>;
  onStageStarted?: (stage: VideoStageName) => void;
  onStageFinished?: (report: StageReport) => void;
}

export async function runVideoStages(deps: PipelineDeps, work: VideoWork): Promise<VideoWorkResult> {
  const claim = await claimVideo(deps, work);
  if (claim === 'held') return { status: 'held', reason: HELD_REASON };
  if (claim === 'ready') {
    const stages = work.stages.map((plan): StageReport => ({ stage: plan.stage, outcome: 'skipped', reason: STORED_MEANWHILE }));
    for (const report of stages) work.onStageFinished?.(report);
    return { status: 'ran', stages, changed: false };
  }
  try {
    return await runHeldStages(deps, work);
  } finally {
    await work.locks.unlock(work.cityVideoId);
  }
}

async function claimVideo(deps: PipelineDeps, work: VideoWork): Promise<'locked' | 'held' | 'ready'> {
  const deadline = Date.now() + (work.busyWait?.waitMs ?? 0);
  while (!(await work.locks.tryLock(work.cityVideoId))) {
    if (!work.busyWait || Date.now() >= deadline) return 'held';
    if (work.ready) {
      const video = await findVideoById(deps.db, work.cityVideoId);
      if (video && work.ready(video)) return 'ready';
    }
    await delay(work.busyWait.pollMs);
  }
  return 'locked';
}

async function runHeldStages(deps: PipelineDeps, work: VideoWork): Promise<VideoWorkResult> {
  const reports: StageReport[] = [];
  const report = (each: StageReport) => {
    reports.push(each);
    work.onStageFinished?.(each);
    return each;
  };
  let blocked: { outcome: 'skipped' | 'undone'; reason: string } | null = null;
  const before = work.doneSinceLocked?.() ?? [];
  const doneUnderLock = (stage: VideoStageName) => before.includes(stage) || doneHere(reports, stage);
  for (const plan of work.stages) {
    if (blocked) {
      report({ stage: plan.stage, ...blocked });
      continue;
    }
    if (plan.stage === 'verify' && doneUnderLock('analysis') && doneUnderLock('story')) {
      // Both were checked against these very segments as they were stored: skip the re-read.
      await markStageFinished(deps.db, work.cityVideoId, 'verify', { status: 'done', durationMs: 0, error: null, runId: work.runId });
      report({ stage: 'verify', outcome: 'done' });
      continue;
    }
    const task = () => runOne(deps, work, plan);
    const each = report(await (work.schedule ? work.schedule(plan.stage, task) : task()));
    if (each.outcome === 'failed') blocked = { outcome: 'skipped', reason: `${plan.stage} failed` };
    if (each.outcome === 'undone') blocked = { outcome: 'undone', reason: each.reason };
  }
  let changed = reports.some((each) => each.outcome === 'done');
  if (work.verifyAfterChange && changed && !work.stages.some((plan) => plan.stage === 'verify')) {
    // A failed check is recorded on the video's verify row; the stage's own work stands.
    const check = report(await runOne(deps, { ...work, stopReason: undefined }, { stage: 'verify' }));
    changed ||= check.outcome === 'done';
  }
  return { status: 'ran', stages: reports, changed };
}

function doneHere(reports: readonly StageReport[], stage: VideoStageName): boolean {
  return reports.some((each) => each.stage === stage && each.outcome === 'done');
}

async function runOne(deps: PipelineDeps, work: VideoWork, plan: StagePlan): Promise<StageReport> {
  const { stage } = plan;
  const stop = await work.stopReason?.(stage);
  if (stop) return { stage, outcome: 'undone', reason: stop };
  work.onStageStarted?.(stage);
  const result = await withAbortScope(work.signal, (signal) =>
    executeStage(deps, work.cityVideoId, {
      ...plan,
      runId: work.runId,
      ...(work.cityKey ? { cityKey: work.cityKey } : {}),
      ...(signal ? { signal } : {}),
      ...(work.onCall ? { onCall: work.onCall } : {}),
      ...(work.beforeAttempt ? { beforeAttempt: work.beforeAttempt } : {}),
    }),
  );
  switch (result.outcome) {
    case 'done':
      return { stage, outcome: 'done' };
    case 'skipped':
      return { stage, outcome: 'skipped', reason: result.reason };
    case 'stopped':
      return { stage, outcome: 'undone', reason: result.reason };
    case 'failed':
      return { stage, outcome: 'failed', reason: result.reason, error: result.error };
  }
}
