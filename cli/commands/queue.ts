import type { Core, EnqueueSummary, QueueStatus, WorkerStatus } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';
import { formatCount, formatUtcMinute } from '../../core/domain/format.js';

export async function queueStatus(core: Core, options: { city?: string }): Promise<QueueStatus> {
  const cityKey = options.city ? await resolveCityKey(core, options.city) : undefined;
  return core.queue.status(cityKey ? { cityKey } : {});
}

export function describeQueueStatus(status: QueueStatus): string {
  const jobs =
    status.jobs.length === 0
      ? 'No jobs in the queue (civic ingest --queue or civic batch --queue enqueue some).'
      : table(
          ['stage', 'city', 'waiting', 'active', 'abandoned', 'failed', 'completed'],
          status.jobs.map((row) => [row.stage, row.city ?? '-', ...[row.waiting, row.active, row.abandoned, row.failed, row.completed].map(String)]),
          [2, 3, 4, 5, 6],
        );
  const abandoned = status.jobs.reduce((sum, row) => sum + row.abandoned, 0);
  const note =
    abandoned > 0
      ? `\n${formatCount(abandoned, 'job')} abandoned by dead workers: a live worker hands them back within three heartbeats (CIVIC_WORKER_HEARTBEAT_SECONDS); without one, they wait for CIVIC_QUEUE_JOB_EXPIRY_SECONDS.`
      : '';
  return `${jobs}${note}\n\n${describeWorkers(status.workers)}`;
}

const STATE_WORDS: Record<WorkerStatus['state'], string> = {
  live: 'live',
  'not responding': 'not responding (no heartbeat: hung or cut off)',
  dead: 'dead (its process is gone)',
};

function describeWorkers(workers: WorkerStatus[]): string {
  const live = workers.filter((worker) => worker.state === 'live').length;
  if (workers.length === 0) return 'No worker is running: jobs wait until one starts (civic worker).';
  const counts = [`${live} live`, ...(['not responding', 'dead'] as const).flatMap((state) => {
    const count = workers.filter((worker) => worker.state === state).length;
    return count > 0 ? [`${count} ${state}`] : [];
  })];
  const rows = workers.map((worker) => [worker.host, String(worker.pid), formatUtcMinute(worker.since), `${worker.jobs}/${worker.concurrency}`, STATE_WORDS[worker.state]]);
  const none = live === 0 ? '\nNo worker is live: jobs wait until one starts (civic worker).' : '';
  return `Workers: ${counts.join(', ')}\n${table(['host', 'pid', 'since', 'jobs', 'state'], rows, [1, 3])}${none}`;
}

/** Text left-aligned, the numbers' columns (`right`) right-aligned. */
function table(header: string[], body: string[][], right: number[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
  return [header, ...body]
    .map((line) => line.map((cell, column) => (right.includes(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd())
    .join('\n');
}

/** `--queue` with no live worker: the jobs are in, and the operator learns now that nothing will take them. */
export async function warnWithoutWorkers(core: Core): Promise<void> {
  const workers = await core.queue.workers();
  if (workers.some((worker) => worker.state === 'live')) return;
  process.stderr.write('civic: no worker is running: the jobs wait until one starts (civic worker; civic queue status lists the workers)\n');
}

export async function retryFailedJobs(core: Core, options: { city?: string }) {
  const cityKey = options.city ? await resolveCityKey(core, options.city) : undefined;
  return core.queue.retryFailed(cityKey ? { cityKey } : {});
}

export function describeRetry(result: { retried: number; byStage: Record<string, number> }): string {
  if (result.retried === 0) return 'No failed jobs to retry.';
  const parts = Object.entries(result.byStage).map(([stage, count]) => `${stage} ${count}`);
  return `Retried ${formatCount(result.retried, 'failed job')}: ${parts.join(', ')}. Workers take them up now.`;
}

/** What `--queue` prints: what was added per stage and what was already waiting or running. */
export function describeEnqueued(target: string, summary: EnqueueSummary): string {
  const parts = Object.entries(summary.enqueued).map(([queue, count]) => `${queue.replace(/^civic-/, '')} ${count}`);
  const added = parts.length > 0 ? `enqueued ${parts.join(', ')}` : 'nothing new enqueued';
  const already = summary.alreadyQueued > 0 ? `; ${summary.alreadyQueued} already queued or running` : '';
  return `${target}: ${added}${already}. civic worker processes do the work; civic queue status shows where it stands.`;
}
