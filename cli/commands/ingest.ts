import { pickRunOptions, readStatus, RunCutOff, type CityStatus, type Core, type PipelineEvent, type RunOptions, type RunStage, type RunSummary } from '../../core/index.js';
import { onInterrupt } from '../interrupt.js';
import { EXIT_NOTHING_TO_DO, EXIT_WORK_HELD } from '../exit-codes.js';
import { allHeldElsewhere, createRunDisplay, exitCodeOf } from '../run-display.js';
import { printResult } from '../context.js';
import { resolveCityKey } from '../city-key.js';
import { describeEnqueued, warnWithoutWorkers } from './queue.js';
import { formatCount } from '../../core/domain/format.js';

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
  /** Enqueue the work as jobs for `civic worker` processes and return at once. */
  queue?: boolean;
}

export interface BatchOptions extends Omit<IngestOptions, 'city' | 'source'> {
  status: string;
}

type RunControls = { onEvent: (event: PipelineEvent) => void; signal: AbortSignal; abortSignal: AbortSignal };

async function withDisplay(options: { json?: boolean }, run: (controls: RunControls) => Promise<RunSummary>): Promise<number> {
  const display = createRunDisplay(options);
  const interrupt = onInterrupt();
  let summary: RunSummary | null = null;
  try {
    summary = await run({ onEvent: display.onEvent, signal: interrupt.stop, abortSignal: interrupt.abort });
    // Stopped by a signal: say so in the exit code, whatever the items did.
    return interrupt.exitCode() ?? exitCodeOf(summary);
  } catch (error) {
    // Its database went away: what it did and left undone is printed, then the database's error (one line, its exit code).
    if (!(error instanceof RunCutOff)) throw error;
    summary = error.summary;
    throw error.cause;
  } finally {
    interrupt.dispose();
    await display.finish(summary);
    if (summary && allHeldElsewhere(summary)) {
      process.stderr.write(`civic: another civic run is working on all ${formatCount(summary.videos.total, 'video')} of this one: nothing was done here (exit ${EXIT_WORK_HELD})\n`);
    }
  }
}

/** The run options the flags asked for (`--max-cost` is the pipeline's maxCostUsd). */
function runOptionsOf(options: Omit<IngestOptions, 'city' | 'source'>): RunOptions {
  return pickRunOptions({ ...options, maxCostUsd: options.maxCost });
}

/** `--queue` does not run anything here: these options belong to the workers or to a local run. */
export function queueUsageProblem(options: { queue?: boolean; dryRun?: boolean; concurrency?: number }): string | null {
  if (!options.queue) return null;
  if (options.dryRun) return '--queue enqueues jobs; it cannot be combined with --dry-run';
  if (options.concurrency !== undefined) return '--concurrency is set per worker with --queue: civic worker --concurrency N';
  return null;
}

/** `--city` in any letter case ("Fairview-CA"); a key that matches none is refused with the nearest. */
export async function ingestCity(core: Core, typed: IngestOptions): Promise<number> {
  const options = { ...typed, city: await resolveCityKey(core, typed.city) };
  if (options.queue) return enqueueCity(core, options);
  const code = await withDisplay(options, (controls) =>
    core.pipeline.ingest({ cityKey: options.city, ...(options.source ? { sourceId: options.source } : {}), ...runOptionsOf(options), ...controls }),
  );
  // Meetings analysed by this run or elsewhere since the last scan: their immediate alerts (issue 27).
  if (!options.dryRun) await core.alerts.publishSoon();
  return code;
}

export async function batchCities(core: Core, options: BatchOptions): Promise<number> {
  const status = readStatus(options.status);
  const code = await runBatch(core, options, status);
  if (!options.dryRun) {
    await core.alerts.publishSoon();
    // The privacy page's promises (analytics kept at most 30 days, codes and unconfirmed
    // accounts deleted); cron runs batch daily, the server hourly. Kept even on a night
    // with no city to process.
    const removed = await core.privacy.expire();
    core.logger.info({ removed }, 'expired personal data deleted');
  }
  return code;
}

async function enqueueCity(core: Core, options: IngestOptions): Promise<number> {
  const summary = await core.queue.enqueueIngest(options.city, {
    ...runOptionsOf(options),
    ...(options.source ? { sourceId: options.source } : {}),
  });
  printResult({ city: options.city, ...summary }, describeEnqueued(options.city, summary), { json: options.json ?? !process.stdout.isTTY });
  await warnWithoutWorkers(core);
  return 0;
}

async function runBatch(core: Core, options: BatchOptions, status: CityStatus): Promise<number> {
  if ((await core.cities.listCitiesWithCounts({ status })).length === 0) {
    // A cron line naming a status no city has would otherwise "succeed" every night doing nothing.
    process.stderr.write(`civic: no city has status ${status}: nothing to process (civic city list shows each city's status)\n`);
    return EXIT_NOTHING_TO_DO;
  }
  if (options.queue) {
    const { cities, summary } = await core.queue.enqueueBatch(status, runOptionsOf(options));
    const keys = cities.map((city) => city.location_key);
    printResult({ status, cities: keys, ...summary }, describeEnqueued(`${status} cities (${keys.join(', ')})`, summary), { json: options.json ?? !process.stdout.isTTY });
    await warnWithoutWorkers(core);
    return 0;
  }
  return withDisplay(options, (controls) => core.pipeline.batch({ status, ...runOptionsOf(options), ...controls }));
}
