import type { RunStage } from './progress.js';

/**
 * What a pipeline run may be asked for, however it is asked: `civic ingest|batch` flags, a
 * `--queue` enqueue, a schedule's tick, a worker's job, the site's retry button.
 */
export interface RunOptions {
  since?: Date;
  /** The newest N videos per run (and per source when discovering). */
  limit?: number;
  stages?: RunStage[];
  concurrency?: number;
  force?: boolean;
  /** With force: also rewrite stories a person edited (their text stays a revision). */
  replaceEdited?: boolean;
  dryRun?: boolean;
  maxCostUsd?: number;
}

type Given<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * The run options set in `from`, and no others: a field left unset, `false`, or a limit of 0 is
 * left out, so what is passed on says only what was asked (and stored runs record only that).
 * The one copier between every front door's options and the pipeline's.
 */
export function pickRunOptions(from: Given<RunOptions>): RunOptions {
  return {
    ...(from.since ? { since: from.since } : {}),
    ...(from.limit ? { limit: from.limit } : {}),
    ...(from.stages ? { stages: from.stages } : {}),
    ...(from.concurrency ? { concurrency: from.concurrency } : {}),
    ...(from.force ? { force: true } : {}),
    ...(from.replaceEdited ? { replaceEdited: true } : {}),
    ...(from.dryRun ? { dryRun: true } : {}),
    ...(from.maxCostUsd !== undefined ? { maxCostUsd: from.maxCostUsd } : {}),
  };
}
