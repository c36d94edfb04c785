import type { Core, PipelineEvent, RunStage, RunSummary } from '../../core/index.js';
import { createRunDisplay, exitCodeOf } from '../run-display.js';

export interface IngestOptions {
  city: string;
  source?: string;
  since?: Date;
  limit?: number;
  stages?: RunStage[];
  concurrency?: number;
  force?: boolean;
  dryRun?: boolean;
  maxCost?: number;
  json?: boolean;
}

export interface BatchOptions extends Omit<IngestOptions, 'city' | 'source'> {
  status: string;
}

/** Ctrl-C stops scheduling new work; what is running finishes and is recorded. */
function interruptible(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

async function withDisplay(options: { json?: boolean }, run: (controls: { onEvent: (event: PipelineEvent) => void; signal: AbortSignal }) => Promise<RunSummary>): Promise<number> {
  const display = createRunDisplay(options);
  const interrupt = interruptible();
  let summary: RunSummary | null = null;
  try {
    summary = await run({ onEvent: display.onEvent, signal: interrupt.signal });
    return exitCodeOf(summary);
  } finally {
    interrupt.dispose();
    await display.finish(summary);
  }
}

function controlsOf(options: Omit<IngestOptions, 'city' | 'source'>) {
  return {
    ...(options.since ? { since: options.since } : {}),
    ...(options.limit ? { limit: options.limit } : {}),
    ...(options.stages ? { stages: options.stages } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.force ? { force: true } : {}),
    ...(options.dryRun ? { dryRun: true } : {}),
    ...(options.maxCost !== undefined ? { maxCostUsd: options.maxCost } : {}),
  };
}

export function ingestCity(core: Core, options: IngestOptions): Promise<number> {
  return withDisplay(options, (controls) =>
    core.pipeline.ingest({ cityKey: options.city, ...(options.source ? { sourceId: options.source } : {}), ...controlsOf(options), ...controls }),
  );
}

export function batchCities(core: Core, options: BatchOptions): Promise<number> {
  return withDisplay(options, (controls) => core.pipeline.batch({ status: options.status, ...controlsOf(options), ...controls }));
}
