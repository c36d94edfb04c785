import type { ModelCall } from '../ports/language-model.js';

/**
 * What a pipeline run reports while it works. The runner emits events; `reduceProgress` folds
 * them into a snapshot that the Ink view draws and the JSON summary prints. Pure, so both
 * front doors show the same numbers.
 */
export const RUN_STAGES = ['discover', 'transcript', 'analysis', 'story', 'verify'] as const;
export type RunStage = (typeof RUN_STAGES)[number];
export type VideoStageName = Exclude<RunStage, 'discover'>;

/** The stages that call the model (a budget stops them; a worker that runs them loads the model's SDK as it starts). */
export const isModelStage = (stage: RunStage): boolean => stage === 'analysis' || stage === 'story';

/** 'undone': not done because the run was stopped or its budget spent, left for the next run (never counted as skipped). */
export type StageOutcome = 'done' | 'skipped' | 'failed' | 'undone';

export type PipelineEvent =
  | { type: 'run-started'; runId: string | null; at: number; stages: RunStage[]; cities: string[] }
  /** Work became known: a source to discover or a video stage to run. */
  | { type: 'stage-queued'; stage: RunStage; item: string; at: number }
  | { type: 'stage-started'; stage: RunStage; item: string; at: number }
  | {
      type: 'stage-finished';
      stage: RunStage;
      item: string;
      /** Human label (video title or source URL) for failure lines. */
      label: string;
      outcome: StageOutcome;
      /** Why it was skipped or how it failed. */
      reason?: string;
      at: number;
    }
  | { type: 'model-call'; call: ModelCall; at: number }
  | { type: 'budget-reached'; spentUsd: number; limitUsd: number; at: number }
  | { type: 'run-finished'; at: number };

export interface StageProgress {
  total: number;
  running: number;
  done: number;
  skipped: number;
  failed: number;
  /** Left for the next run (interrupted, budget spent): dealt with by this run, but not done. */
  undone: number;
  /** When the first item of this stage started, for the rate and ETA. */
  firstStartedAt: number | null;
  lastFinishedAt: number | null;
}

export interface FailureLine {
  stage: RunStage;
  item: string;
  label: string;
  reason: string;
}

export interface ProgressState {
  runId: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  cities: string[];
  stages: Partial<Record<RunStage, StageProgress>>;
  failures: FailureLine[];
  /** `offlineCalls`: how many of the calls were the offline analyzer's runs (no model, no cost). */
  model: { calls: number; failedCalls: number; offlineCalls: number; tokensIn: number; tokensOut: number; costUsd: number };
  budget: { limitUsd: number; spentUsd: number } | null;
}

export function initialProgress(): ProgressState {
  return {
    runId: null,
    startedAt: null,
    finishedAt: null,
    cities: [],
    stages: {},
    failures: [],
    model: { calls: 0, failedCalls: 0, offlineCalls: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 },
    budget: null,
  };
}

function emptyStage(): StageProgress {
  return { total: 0, running: 0, done: 0, skipped: 0, failed: 0, undone: 0, firstStartedAt: null, lastFinishedAt: null };
}

function updateStage(state: ProgressState, stage: RunStage, change: (s: StageProgress) => StageProgress): ProgressState {
  return { ...state, stages: { ...state.stages, [stage]: change(state.stages[stage] ?? emptyStage()) } };
}

export function reduceProgress(state: ProgressState, event: PipelineEvent): ProgressState {
  switch (event.type) {
    case 'run-started': {
      const stages: ProgressState['stages'] = {};
      for (const stage of event.stages) stages[stage] = emptyStage();
      return { ...state, runId: event.runId, startedAt: event.at, cities: event.cities, stages };
    }
    case 'stage-queued':
      return updateStage(state, event.stage, (s) => ({ ...s, total: s.total + 1 }));
    case 'stage-started':
      return updateStage(state, event.stage, (s) => ({ ...s, running: s.running + 1, firstStartedAt: s.firstStartedAt ?? event.at }));
    case 'stage-finished': {
      const next = updateStage(state, event.stage, (s) => ({
        ...s,
        running: Math.max(0, s.running - 1),
        [event.outcome]: s[event.outcome] + 1,
        lastFinishedAt: event.at,
      }));
      if (event.outcome !== 'failed') return next;
      const failure = { stage: event.stage, item: event.item, label: event.label, reason: event.reason ?? 'unknown error' };
      return { ...next, failures: [...next.failures, failure] };
    }
    case 'model-call': {
      const { call } = event;
      const model = {
        calls: state.model.calls + 1,
        failedCalls: state.model.failedCalls + (call.ok ? 0 : 1),
        offlineCalls: state.model.offlineCalls + (call.offline ? 1 : 0),
        tokensIn: state.model.tokensIn + call.tokensIn,
        tokensOut: state.model.tokensOut + call.tokensOut,
        costUsd: state.model.costUsd + call.costUsd,
      };
      return { ...state, model };
    }
    case 'budget-reached':
      return { ...state, budget: { limitUsd: event.limitUsd, spentUsd: event.spentUsd } };
    case 'run-finished':
      return { ...state, finishedAt: event.at };
  }
}

/** Items finished per second since the stage's first item started, or null before there is a rate. */
export function stageRate(stage: StageProgress, now: number): number | null {
  const finished = finishedCount(stage);
  if (stage.firstStartedAt === null || finished === 0) return null;
  const seconds = Math.max(0.001, (now - stage.firstStartedAt) / 1000);
  return finished / seconds;
}

/** Seconds left at the current rate, or null when unknown. */
export function stageEta(stage: StageProgress, now: number): number | null {
  const rate = stageRate(stage, now);
  const left = stage.total - finishedCount(stage);
  if (left <= 0) return 0;
  return rate ? left / rate : null;
}

export function isStageComplete(stage: StageProgress): boolean {
  return stage.running === 0 && finishedCount(stage) >= stage.total;
}

/** Items the run has dealt with, whatever became of them (undone ones included: the run will not do them). */
export function finishedCount(stage: StageProgress): number {
  return stage.done + stage.skipped + stage.failed + stage.undone;
}

/** Items of all stages left for the next run. */
export function undoneCount(progress: Pick<ProgressState, 'stages'>): number {
  return Object.values(progress.stages).reduce((sum, stage) => sum + (stage?.undone ?? 0), 0);
}
