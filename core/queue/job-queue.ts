/**
 * The job engine as the pipeline sees it. pg-boss implements it (pg-boss-queue.ts); the worker
 * loop, the job handlers and the enqueuing know only this, so they read as plain pipeline code.
 */
export interface QueuedJob {
  id: string;
  queue: string;
  data: unknown;
  /** Attempts before this one (0 on the first) and how many retries the job has in all. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobCount {
  queue: string;
  state: JobState;
  cityKey: string | null;
  count: number;
}

export interface ScheduleEntry {
  /** The schedule's own name (its queue without the prefix). */
  name: string;
  cron: string;
  timezone: string;
  data: unknown;
}

/** One attempt of a job, as a worker records it: its queue, its id, and when the attempt started (ms). */
interface HeldJob {
  queue: string;
  id: string;
  started: number;
}

/** A job to enqueue when another completes (a video's next stage). */
export interface ChainedJob {
  queue: string;
  data: object;
  key: string;
  /** The completing worker takes it at once (it serves that queue and is not stopping): the job comes back running. */
  take: boolean;
}

export interface JobQueue {
  /**
   * Enqueues unless a job with this key is already waiting, retrying or running in the queue,
   * in which case nothing is added and the answer is null.
   */
  send(queue: string, data: object, key: string): Promise<string | null>;
  /** The waiting, retrying or running job with this key, if any. */
  findOpenJob(queue: string, key: string): Promise<string | null>;
  /** Takes up to `count` waiting jobs of these queues, the earlier queues' first. */
  fetch(queues: readonly string[], count: number): Promise<QueuedJob[]>;
  /**
   * Takes one waiting job of these queues, the earlier queues' first, only while fewer than
   * `below` of their jobs wait and no job of `feeders` (queues whose jobs add jobs to these) is
   * open: the tail of a batch (worker.ts). Else takes nothing.
   */
  takeAhead(queues: readonly string[], below: number, feeders: readonly string[]): Promise<QueuedJob | null>;
  /**
   * Completes this attempt of the job and, in the same statement, enqueues `next` as `send`
   * would, unless the attempt had lost the job (it outlived its expiry: the attempt that has
   * it now chains on). Answers the next job when it was taken (`next.take`), else null.
   */
  complete(job: QueuedJob, output: object, next?: ChainedJob): Promise<QueuedJob | null>;
  /** A failed attempt: retried with backoff unless `final` or out of retries. */
  fail(queue: string, id: string, message: string, options: { final: boolean }): Promise<void>;
  /**
   * Puts these attempts' jobs back in the queue at once, the attempt not counted (its worker
   * died or lost its connection: not the job's fault). A job no longer in that attempt
   * (finished, expired, taken again since) is left alone. Answers how many went back.
   */
  handBack(jobs: readonly HeldJob[]): Promise<number>;
  /**
   * What a worker that took these attempts holds now: those still running, and down each chain
   * the next stages their completions handed to it (each started as it was enqueued) that are
   * still running. A worker records the jobs it fetches; the stages its completions hand it need
   * no record of their own (a statement a stage fewer: issue 26).
   */
  inHandNow(jobs: readonly HeldJob[]): Promise<HeldJob[]>;
  /** The jobs running now, with when their attempt started (ms), for telling whose they are. */
  activeJobs(): Promise<{ queue: string; id: string; cityKey: string | null; started: number }[]>;
  jobState(queue: string, id: string): Promise<{ state: JobState; output: unknown } | null>;
  counts(): Promise<JobCount[]>;
  listFailed(queues: readonly string[], filter: { cityKey?: string }): Promise<{ queue: string; id: string }[]>;
  retry(queue: string, ids: readonly string[]): Promise<void>;
  /** Queues for schedules: created on demand. */
  ensureQueue(queue: string): Promise<void>;
  schedule(queue: string, cron: string, data: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
  schedules(): Promise<{ queue: string; cron: string; timezone: string; data: unknown }[]>;
  close(): Promise<void>;
}
