import { RunCutOff, type CityStatus, type Core } from '../../core/index.js';
import { presentSummary } from '../run-display.js';
import type { CronSchedule } from './cron-expression.js';
import { formatCount } from '../../core/domain/format.js';

/** Time as the scheduler sees it; tests pass one they move by hand. */
export interface Clock {
  now(): Date;
  /** Resolves at `time`, or as soon as `signal` aborts. */
  sleepUntil(time: Date, signal: AbortSignal): Promise<void>;
}

const systemClock: Clock = {
  now: () => new Date(),
  sleepUntil: (time, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, Math.max(0, time.getTime() - Date.now()));
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    }),
};

export interface ScheduledBatches {
  /** Starts no more runs; a run in flight stops starting new work and finishes what it has begun. */
  stop(): Promise<void>;
}

/**
 * `civic serve --schedule`: the batch of every city of `status`, at each time the schedule
 * gives, inside the server on its own database, so a single machine needs no crontab. Runs
 * never overlap: a tick that comes while a run is still going is skipped (and logged). The
 * summary of each run is logged as one line, as cron's `batch --json` prints it.
 */
export function startScheduledBatches(core: Core, options: { schedule: CronSchedule; status: CityStatus; clock?: Clock }): ScheduledBatches {
  const clock = options.clock ?? systemClock;
  const { schedule, status } = options;
  const stopping = new AbortController();
  const log = core.logger.child({ schedule: schedule.expression, status });

  const runOnce = async () => {
    if ((await core.cities.listCitiesWithCounts({ status })).length === 0) {
      log.warn(`no city has status ${status}: nothing to process (civic city list shows each city's status)`);
      return;
    }
    const summary = await core.pipeline.batch({ status, signal: stopping.signal });
    // The alerts of the new meetings and the digests due (issue 27); also `civic alerts send` for cron.
    log.info({ published: await core.alerts.publishNewMeetings(), digests: await core.alerts.sendDigests() }, 'alerts sent');
    const result = presentSummary(summary);
    const failed = result.failures.length > 0;
    log[failed ? 'warn' : 'info']({ summary: result }, failed ? `scheduled batch finished with ${formatCount(result.failures.length, 'failure')}` : 'scheduled batch finished');
  };

  const loop = async () => {
    let due = schedule.next(clock.now());
    log.info({ next: due.toISOString() }, 'batches scheduled');
    for (;;) {
      await clock.sleepUntil(due, stopping.signal);
      if (stopping.signal.aborted) return;
      try {
        await runOnce();
      } catch (error) {
        // Cut off from its database, it still says what it did and left for the next run.
        log.error({ err: error, ...(error instanceof RunCutOff ? { summary: presentSummary(error.summary) } : {}) }, 'scheduled batch failed');
      }
      if (stopping.signal.aborted) return;
      const now = clock.now();
      const next = schedule.next(now);
      // Ticks that came while the run was going are not made up for: the next run does their work.
      if (schedule.next(due).getTime() < next.getTime()) log.info({ next: next.toISOString() }, 'ticks skipped while the batch ran');
      due = next;
    }
  };
  const running = loop();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
