import { RUN_STAGES } from '../pipeline/progress.js';
import type { JobCount, JobQueue } from './job-queue.js';
import { SCHEDULE_QUEUE_PREFIX, stageOfQueue } from './jobs.js';
import type { WorkerInfo, WorkerState } from './workers.js';

export interface QueueStatusRow {
  stage: string;
  city: string | null;
  waiting: number;
  /** Running on a live worker (or one just taken). */
  active: number;
  /** Still 'active' in the queue, but their worker is dead: handed back by a live worker's next beat, else at expiry. */
  abandoned: number;
  failed: number;
  completed: number;
}

export interface WorkerStatus {
  host: string;
  pid: number;
  since: Date;
  lastBeat: Date;
  state: WorkerState;
  concurrency: number;
  /** Jobs in hand that the queue still has as running. */
  jobs: number;
}

export interface QueueStatus {
  jobs: QueueStatusRow[];
  workers: WorkerStatus[];
}

/**
 * `civic queue status`: per stage and city, jobs waiting (or waiting to retry), running,
 * abandoned by a dead worker, failed and completed; and the workers, each with the jobs it has
 * in hand. A running job is a worker's when its beats name that attempt (workers.ts).
 */
export async function queueStatus(queue: JobQueue, registered: WorkerInfo[], filter: { cityKey?: string }): Promise<QueueStatus> {
  // A worker's record names the jobs it fetched; the stages their completions handed it are found down the chains.
  const holding = await Promise.all(registered.map(async (worker) => ({ worker, jobs: await queue.inHandNow(worker.jobs) })));
  const holderOf = (job: { id: string; started: number }) =>
    holding.find(({ jobs }) => jobs.some((held) => held.id === job.id && Math.abs(held.started - job.started) < 1))?.worker;
  const inHand = new Map<WorkerInfo, number>();
  const abandoned = new Map<string, number>();
  for (const job of await queue.activeJobs()) {
    const holder = holderOf(job);
    if (holder) inHand.set(holder, (inHand.get(holder) ?? 0) + 1);
    if (holder?.state !== 'dead' || (filter.cityKey && job.cityKey !== filter.cityKey)) continue;
    const key = `${job.queue}\u0000${job.cityKey ?? ''}`;
    abandoned.set(key, (abandoned.get(key) ?? 0) + 1);
  }
  const rows = new Map<string, QueueStatusRow>();
  for (const count of await queue.counts()) {
    if (filter.cityKey && count.cityKey !== filter.cityKey) continue;
    const stage = stageOfQueue(count.queue) ?? (count.queue.startsWith(SCHEDULE_QUEUE_PREFIX) ? 'schedule' : null);
    if (!stage) continue;
    const key = `${stage}\u0000${count.cityKey ?? ''}`;
    const row = rows.get(key) ?? { stage, city: count.cityKey, waiting: 0, active: 0, abandoned: 0, failed: 0, completed: 0 };
    addCount(row, count, count.state === 'active' ? (abandoned.get(`${count.queue}\u0000${count.cityKey ?? ''}`) ?? 0) : 0);
    rows.set(key, row);
  }
  const order = ['discover', ...RUN_STAGES.filter((stage) => stage !== 'discover'), 'schedule'];
  return {
    jobs: [...rows.values()].sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage) || (a.city ?? '').localeCompare(b.city ?? '')),
    workers: registered.map((worker) => ({
      host: worker.host,
      pid: worker.pid,
      since: worker.startedAt,
      lastBeat: worker.heartbeatAt,
      state: worker.state,
      concurrency: worker.concurrency,
      jobs: inHand.get(worker) ?? 0,
    })),
  };
}

function addCount(row: QueueStatusRow, count: JobCount, abandoned: number): void {
  if (count.state === 'created' || count.state === 'retry') row.waiting += count.count;
  else if (count.state === 'active') {
    row.active += count.count - abandoned;
    row.abandoned += abandoned;
  } else if (count.state === 'failed') row.failed += count.count;
  else if (count.state === 'completed') row.completed += count.count;
}
