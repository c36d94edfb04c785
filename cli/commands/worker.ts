import { DEFAULT_WORKER_CONCURRENCY } from '../options.js';
import type { Core, RunStage } from '../../core/index.js';

export interface WorkerCommandOptions {
  concurrency?: number;
  stages?: RunStage[];
}

/**
 * `civic worker`: takes pipeline jobs until SIGTERM or SIGINT. The first signal takes no new
 * job and lets those in hand finish; a second one stops them too and hands them back to the
 * queue (another worker retries them). Either way it exits 0 with a one-line JSON summary.
 */
export async function runWorkerCommand(core: Core, options: WorkerCommandOptions): Promise<number> {
  const concurrency = options.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const stop = new AbortController();
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stop.signal.aborted) {
      core.logger.info({ signal }, 'worker asked to stop: finishing the jobs in hand (send it again to hand them back)');
      stop.abort(new Error('stopped'));
    } else {
      core.logger.warn({ signal }, 'worker asked again: handing the jobs in hand back to the queue');
      abort.abort(new Error('interrupted'));
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // Core paces the worker's model calls with every other worker's (one allowance per minute in the database).
    const summary = await core.queue.work({ concurrency, ...(options.stages ? { stages: options.stages } : {}), stop: stop.signal, abort: abort.signal });
    process.stdout.write(`${JSON.stringify({ worker: summary.runId, jobs: summary.jobs })}\n`);
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
