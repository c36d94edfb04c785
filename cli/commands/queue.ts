import type { Core, EnqueueSummary, QueueStatusRow } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';

export async function queueStatus(core: Core, options: { city?: string }): Promise<QueueStatusRow[]> {
  const cityKey = options.city ? await resolveCityKey(core, options.city) : undefined;
  return core.queue.status(cityKey ? { cityKey } : {});
}

export function describeQueueStatus(rows: QueueStatusRow[]): string {
  if (rows.length === 0) return 'No jobs in the queue (civic ingest --queue or civic batch --queue enqueue some).';
  const header = ['stage', 'city', 'waiting', 'active', 'failed', 'completed'];
  const body = rows.map((row) => [row.stage, row.city ?? '-', String(row.waiting), String(row.active), String(row.failed), String(row.completed)]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
  return [header, ...body].map((line) => line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd()).join('\n');
}

export async function retryFailedJobs(core: Core, options: { city?: string }) {
  const cityKey = options.city ? await resolveCityKey(core, options.city) : undefined;
  return core.queue.retryFailed(cityKey ? { cityKey } : {});
}

export function describeRetry(result: { retried: number; byStage: Record<string, number> }): string {
  if (result.retried === 0) return 'No failed jobs to retry.';
  const parts = Object.entries(result.byStage).map(([stage, count]) => `${stage} ${count}`);
  return `Retried ${result.retried} failed job(s): ${parts.join(', ')}. Workers take them up now.`;
}

/** What `--queue` prints: what was added per stage and what was already waiting or running. */
export function describeEnqueued(target: string, summary: EnqueueSummary): string {
  const parts = Object.entries(summary.enqueued).map(([queue, count]) => `${queue.replace(/^civic-/, '')} ${count}`);
  const added = parts.length > 0 ? `enqueued ${parts.join(', ')}` : 'nothing new enqueued';
  const already = summary.alreadyQueued > 0 ? `; ${summary.alreadyQueued} already queued or running` : '';
  return `${target}: ${added}${already}. civic worker processes do the work; civic queue status shows where it stands.`;
}
