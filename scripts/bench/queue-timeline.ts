/**
 * Time-lines of a queue-workers run (BENCH_TIMELINE=1), to see where a run loses time rather
 * than guess: how busy the slots were each second (from the jobs' own started and completed
 * times), how long jobs waited between being enqueued and taken, and the workers' CPU a job
 * second by second (a process's warm-up shows as dearer early seconds).
 */
import type { ScratchDatabase } from '../../cli/testing/queue-harness.js';

/** The workers' CPU seconds and the jobs completed, at one moment of the run. */
export interface CpuSample {
  ms: number;
  cpuSeconds: number;
  jobs: number;
}

interface JobTimes {
  name: string;
  created: number;
  started: number;
  completed: number;
}

const BUCKET_MS = 1_000;

/** Per second: slots busy (of `slots`), jobs taken waiting < 5 ms (handed over with a completion) and fetched, and their mean wait. */
export async function printSlotTimeline(database: ScratchDatabase, beganAt: number, slots: number): Promise<void> {
  const rows = await database.query<{ name: string; created: string; started: string; completed: string }>(
    `select name, extract(epoch from created_on) * 1000 as created, extract(epoch from started_on) * 1000 as started, extract(epoch from completed_on) * 1000 as completed
       from (select name, created_on, started_on, completed_on, state from pgboss.job union all select name, created_on, started_on, completed_on, state from pgboss.archive) jobs
      where name like 'civic-%' and state = 'completed'`,
  );
  const jobs: JobTimes[] = rows.map((row) => ({ name: row.name, created: Number(row.created) - beganAt, started: Number(row.started) - beganAt, completed: Number(row.completed) - beganAt }));
  const end = Math.max(...jobs.map((job) => job.completed));
  const busyMs = jobs.reduce((sum, job) => sum + (job.completed - job.started), 0);
  const firstStart = Math.min(...jobs.map((job) => job.started));
  console.log(`  slots: ${slots}; first job started at ${firstStart.toFixed(0)} ms, last done at ${end.toFixed(0)} ms; busy ${((100 * busyMs) / (slots * end)).toFixed(1)}% of slot time`);
  for (const [what, picked] of [
    ['handed over (waited < 5 ms)', jobs.filter((job) => job.started - job.created < 5)],
    ['fetched', jobs.filter((job) => job.started - job.created >= 5)],
  ] as const) {
    const waits = picked.map((job) => job.started - job.created);
    const mean = waits.reduce((sum, each) => sum + each, 0) / Math.max(1, waits.length);
    console.log(`  ${what}: ${picked.length} jobs, mean wait ${mean.toFixed(0)} ms, longest ${Math.max(0, ...waits).toFixed(0)} ms`);
  }
  const line: string[] = [];
  for (let from = 0; from < end; from += BUCKET_MS) {
    const to = from + BUCKET_MS;
    const busy = jobs.reduce((sum, job) => sum + Math.max(0, Math.min(to, job.completed) - Math.max(from, job.started)), 0);
    line.push((busy / BUCKET_MS).toFixed(1));
  }
  console.log(`  slots busy each second: ${line.join(' ')}`);
}

/** The workers' CPU a job in each stretch of about a second, and the jobs done in it. */
export function printCpuTimeline(samples: readonly CpuSample[]): void {
  const line: string[] = [];
  let last = samples[0];
  for (const sample of samples) {
    if (!last || sample.ms - last.ms < BUCKET_MS) continue;
    const jobs = sample.jobs - last.jobs;
    line.push(jobs > 0 ? `${(((sample.cpuSeconds - last.cpuSeconds) * 1000) / jobs).toFixed(1)}/${jobs}` : `${((sample.cpuSeconds - last.cpuSeconds) * 1000).toFixed(0)}ms/0`);
    last = sample;
  }
  console.log(`  workers' CPU ms a job / jobs, each second: ${line.join(' ')}`);
}
