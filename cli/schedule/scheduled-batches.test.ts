import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type Core } from '../../core/index.js';
import { buildCity } from '../../core/testing/builders.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { readSchedule } from '../commands/serve.js';
import { parseCron } from './cron-expression.js';
import { startScheduledBatches, type Clock } from './scheduled-batches.js';

/** A clock the test moves: the scheduler's sleeps wait until the test says the time has come. */
function manualClock(start: Date) {
  let now = start;
  let sleeping: { until: Date; wake: () => void } | undefined;
  let onSleep: ((until: Date) => void) | undefined;
  const clock: Clock = {
    now: () => now,
    sleepUntil: (until, signal) =>
      new Promise((resolve) => {
        sleeping = { until, wake: resolve };
        signal.addEventListener('abort', () => resolve());
        onSleep?.(until);
      }),
  };
  return {
    clock,
    /** The time the scheduler is (or next goes) asleep until. */
    nextSleep: () => new Promise<Date>((resolve) => (sleeping ? resolve(sleeping.until) : (onSleep = resolve))),
    wake: () => {
      const current = sleeping!;
      sleeping = undefined;
      onSleep = undefined;
      now = current.until;
      current.wake();
    },
  };
}

const at = (h: number, min = 0) => new Date(2026, 2, 10, h, min);

describe.each(TEST_ENGINES)('civic serve --schedule on %s', (engine) => {
  let core: Core;
  let logs: { msg: string; summary?: { cities: string[] }; next?: string }[];
  beforeEach(async () => {
    logs = [];
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logs.push(JSON.parse(line)) } });
    core = await createTestCore(engine, {}, { logger });
  });
  afterEach(async () => {
    await core.close();
  });

  const runs = () => testDb(core).selectFrom('pipeline_runs').select('command').execute();

  it('runs the batch of the status at each time of the schedule, and no more once stopped', async () => {
    const live = await buildCity(testDb(core), { status: 'Live' });
    await buildCity(testDb(core), { status: 'Test' });
    const time = manualClock(at(1, 0));
    const batches = startScheduledBatches(core, { schedule: parseCron('0 2 * * *'), status: 'Live', clock: time.clock });

    expect(await time.nextSleep()).toEqual(at(2, 0));
    expect(await runs()).toEqual([]);

    time.wake();
    // Asleep again: the 02:00 run is over, and the next one is tomorrow's.
    expect(await time.nextSleep()).toEqual(new Date(2026, 2, 11, 2, 0));
    expect(await runs()).toEqual([{ command: 'batch' }]);
    const finished = logs.filter((line) => line.msg === 'scheduled batch finished');
    expect(finished.map((line) => line.summary?.cities)).toEqual([[live.location_key]]);

    await batches.stop();
    expect(await runs()).toHaveLength(1);
  });

  it('says there is nothing to process when no city has the status, and keeps to the schedule', async () => {
    await buildCity(testDb(core), { status: 'Test' });
    const time = manualClock(at(1, 59));
    const batches = startScheduledBatches(core, { schedule: parseCron('*/30 * * * * *'), status: 'Archive', clock: time.clock });
    expect(await time.nextSleep()).toEqual(new Date(2026, 2, 10, 1, 59, 30));
    time.wake();
    expect(await time.nextSleep()).toEqual(at(2, 0));
    expect(logs.map((line) => line.msg)).toContain("no city has status Archive: nothing to process (civic city list shows each city's status)");
    expect(await runs()).toEqual([]);
    await batches.stop();
  });
});

describe('serve --schedule and --status, checked before anything starts', () => {
  it.each([
    [{ schedule: '61 * * * *' }, 'Bad --schedule: minute "61" is not between 0 and 59 (e.g. "15 2 * * *" is nightly at 02:15)'],
    [{ schedule: 'nightly' }, expect.stringMatching(/^Bad --schedule: "nightly" has 1 field:/)],
    [{ schedule: '@daily', status: 'Active' }, 'Unknown status "Active": one of New, Test, Live, Archive'],
    [{ status: 'Live' }, '--status goes with --schedule: it names the cities the scheduled batch takes'],
  ])('refuses %j', (options, message) => {
    expect(() => readSchedule(options)).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message }));
  });

  it('takes the status in any case, Live by default, and nothing without --schedule', () => {
    expect(readSchedule({ schedule: '@hourly', status: 'test' })?.status).toBe('Test');
    expect(readSchedule({ schedule: '@hourly' })?.status).toBe('Live');
    expect(readSchedule({})).toBeUndefined();
  });
});
