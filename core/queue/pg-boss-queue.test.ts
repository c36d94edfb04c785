import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../logger.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { openPgBossQueue } from './pg-boss-queue.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();
const FIRST = 'civic-test-first';
const NEXT = 'civic-test-next';
const FEEDER = 'civic-test-feeder';
const SETTINGS = { jobExpirySeconds: 60, retryDelaySeconds: 1 };

describe.skipIf(!TEST_DATABASE_URL)('the job queue on pg-boss (one statement a send, a completion and a fetch)', () => {
  let schema: string;
  let admin: pg.Pool;
  let queues: JobQueue[];
  const open = async () => {
    const queue = await openPgBossQueue({ databaseUrl: TEST_DATABASE_URL!, logger: createSilentLogger(), role: 'client', maintenanceSeconds: 300, schema, ...SETTINGS });
    queues.push(queue);
    for (const name of [FIRST, NEXT]) await queue.ensureQueue(name);
    return queue;
  };
  const jobRow = async (name: string, id: string) =>
    (await admin.query<{ state: string; retry_count: number }>(`select state, retry_count from ${pg.escapeIdentifier(schema)}.job where name = $1 and id = $2`, [name, id])).rows[0];
  const openJobs = async (name: string) =>
    (await admin.query<{ id: string; state: string }>(`select id, state from ${pg.escapeIdentifier(schema)}.job where name = $1 and state < 'completed'`, [name])).rows;

  beforeEach(() => {
    schema = `pgboss_${randomBytes(5).toString('hex')}`;
    admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
    queues = [];
  });
  afterEach(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await admin.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
    await admin.end();
  });

  it('keeps one open job per key against concurrent senders, while it waits, runs or waits for its retry', async () => {
    const [one, two] = [await open(), await open()];
    const ids = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? one : two).send(FIRST, { n: index }, 'video-1')));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const [running] = await one.fetch([FIRST], 1);
    expect(await two.send(FIRST, {}, 'video-1')).toBeNull();
    await one.fail(FIRST, running!.id, 'a transient fault', { final: false });
    expect((await jobRow(FIRST, running!.id))?.state).toBe('retry');
    expect(await two.send(FIRST, {}, 'video-1')).toBeNull();
    expect(await two.send(FIRST, {}, 'video-2')).not.toBeNull();
    expect(await openJobs(FIRST)).toHaveLength(2);
  });

  it('sends a job with the settings pg-boss itself gives the same options', async () => {
    const queue = await open();
    const boss = new PgBoss({ connectionString: TEST_DATABASE_URL, schema, supervise: false, schedule: false });
    await boss.start();
    try {
      const theirs = await boss.send(FIRST, { a: 1 }, { singletonKey: 'theirs', retryLimit: 3, retryDelay: SETTINGS.retryDelaySeconds, retryBackoff: true, expireInSeconds: SETTINGS.jobExpirySeconds });
      const ours = await queue.send(FIRST, { a: 1 }, 'ours');
      const columns = `state, priority, data, retry_limit, retry_count, retry_delay, retry_backoff, expire_in::text, policy, dead_letter, singleton_on,
        round(extract(epoch from keep_until - start_after) / 60) as keep_minutes, started_on, completed_on, output`;
      const row = async (id: string | null) => (await admin.query(`select ${columns} from ${pg.escapeIdentifier(schema)}.job where id = $1`, [id])).rows[0] as object;
      expect(await row(ours)).toEqual(await row(theirs));
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  });

  it('completes a job and enqueues its next stage in one statement, handing it to the worker that asks', async () => {
    const queue = await open();
    await queue.send(FIRST, { video: 1 }, 'video-1');
    await queue.send(FIRST, { video: 2 }, 'video-2');
    const [first, second] = await queue.fetch([FIRST], 2);
    expect(await queue.complete(first!, { outcome: 'done' }, { queue: NEXT, data: { stage: 'next' }, key: 'video-1', take: false })).toBeNull();
    expect((await jobRow(FIRST, first!.id))?.state).toBe('completed');
    expect(await openJobs(NEXT)).toEqual([expect.objectContaining({ state: 'created' })]);

    const taken = await queue.complete(second!, { outcome: 'done' }, { queue: NEXT, data: { stage: 'next' }, key: 'video-2', take: true });
    expect(taken).toMatchObject({ queue: NEXT, data: { stage: 'next' }, retryCount: 0, retryLimit: 3 });
    expect(await jobRow(NEXT, taken!.id)).toEqual({ state: 'active', retry_count: 0 });
    // The next stage already open for that key (another run's): nothing more is added, nothing handed over.
    await queue.send(FIRST, { video: 2 }, 'video-2');
    const [again] = await queue.fetch([FIRST], 1);
    expect(await queue.complete(again!, { outcome: 'done' }, { queue: NEXT, data: {}, key: 'video-2', take: true })).toBeNull();
    expect(await openJobs(NEXT)).toHaveLength(2);
  });

  it("tells what a worker holds now from the attempts it fetched: the next stages its completions handed it, down the chain, and no other worker's", async () => {
    const [one, two] = [await open(), await open()];
    for (const key of ['video-1', 'video-2', 'video-3']) await one.send(FIRST, { key }, key);
    const fetched = await one.fetch([FIRST], 3);
    const [chained, handedOn, running] = ['video-1', 'video-2', 'video-3'].map((key) => fetched.find((job) => (job.data as { key: string }).key === key)!);
    const held = (job: QueuedJob) => ({ queue: job.queue, id: job.id, started: job.startedOn.getTime() });
    // Two stages handed to this worker one after the other: the record of the first leads to the third.
    const second = await one.complete(chained!, { outcome: 'done' }, { queue: NEXT, data: {}, key: 'video-1', take: true });
    const third = await one.complete(second!, { outcome: 'done' }, { queue: FIRST, data: {}, key: 'video-1', take: true });
    // A next stage left for any worker, and taken by another one: not this worker's.
    expect(await one.complete(handedOn!, { outcome: 'done' }, { queue: NEXT, data: {}, key: 'video-2', take: false })).toBeNull();
    expect(await two.fetch([NEXT], 1)).toHaveLength(1);
    const now = await one.inHandNow([chained!, handedOn!, running!].map(held));
    const near = (job: QueuedJob) => ({ queue: job.queue, id: job.id, started: expect.closeTo(job.startedOn.getTime(), -1) as unknown });
    expect(now.sort((a, b) => a.id.localeCompare(b.id))).toEqual([third!, running!].sort((a, b) => a.id.localeCompare(b.id)).map(near));
    // An earlier attempt of a job (its record from before a retry) holds nothing.
    expect(await one.inHandNow([{ ...held(running!), started: held(running!).started - 5_000 }])).toEqual([]);
    expect(await one.inHandNow([])).toEqual([]);
  });

  it('chains nothing from an attempt that outlived its expiry: the attempt that has the job now chains on', async () => {
    const queue = await open();
    await queue.send(FIRST, {}, 'video-1');
    const [expired] = await queue.fetch([FIRST], 1);
    // What pg-boss's expiry does, then another worker's fetch: the job's next attempt runs.
    await admin.query(`update ${pg.escapeIdentifier(schema)}.job set state = 'retry', start_after = now() - interval '1 second' where id = $1`, [expired!.id]);
    const [current] = await queue.fetch([FIRST], 1);
    expect(current).toMatchObject({ id: expired!.id, retryCount: 1 });
    expect(await queue.complete(expired!, { outcome: 'done' }, { queue: NEXT, data: {}, key: 'video-1', take: true })).toBeNull();
    expect(await openJobs(NEXT)).toEqual([]);
  });

  it('takes a job ahead only at a tail: while fewer of the queues\' jobs wait than asked, earlier queues first', async () => {
    const queue = await open();
    for (const key of ['a', 'b', 'c']) await queue.send(FIRST, {}, key);
    await queue.send(NEXT, {}, 'd');
    // Four wait in the two queues: not fewer than four.
    expect(await queue.takeAhead([NEXT, FIRST], 4, [])).toBeNull();
    expect(await openJobs(NEXT)).toEqual([expect.objectContaining({ state: 'created' })]);
    // Fewer than five, but a job that adds to them (a discovery) is open: the queues may still be filling.
    await queue.send(FEEDER, {}, 'source-1');
    expect(await queue.takeAhead([NEXT, FIRST], 5, [FEEDER])).toBeNull();
    const [feeder] = await queue.fetch([FEEDER], 1);
    expect(await queue.takeAhead([NEXT, FIRST], 5, [FEEDER])).toBeNull();
    await queue.complete(feeder!, { outcome: 'done' });
    expect(await queue.takeAhead([NEXT, FIRST], 5, [FEEDER])).toMatchObject({ queue: NEXT, data: {} });
    // Three left, all in FIRST: one at a time; a queue with none waiting, or a fleet of one slot, takes nothing.
    expect(await queue.takeAhead([NEXT, FIRST], 4, [])).toMatchObject({ queue: FIRST });
    expect(await queue.takeAhead([NEXT], 8, [])).toBeNull();
    expect(await queue.takeAhead([FIRST], 1, [])).toBeNull();
    expect((await openJobs(FIRST)).filter((job) => job.state === 'created')).toHaveLength(2);
  });

  it('fetches from the earlier queues first, no more than asked, each job once between workers, an attempt counted on a retry', async () => {
    const [one, two] = [await open(), await open()];
    for (const key of ['a', 'b', 'c']) {
      await one.send(FIRST, {}, key);
      await one.send(NEXT, {}, key);
    }
    const taken = await one.fetch([NEXT, FIRST], 4);
    expect(taken.map((job) => job.queue).sort()).toEqual([FIRST, NEXT, NEXT, NEXT]);
    const rest = await Promise.all([one.fetch([NEXT, FIRST], 5), two.fetch([NEXT, FIRST], 5)]);
    expect(rest.flat()).toHaveLength(2);
    expect(new Set([...taken, ...rest.flat()].map((job: QueuedJob) => job.id)).size).toBe(6);

    const retried = taken.find((job) => job.queue === FIRST)!;
    await one.fail(FIRST, retried.id, 'a transient fault', { final: false });
    await admin.query(`update ${pg.escapeIdentifier(schema)}.job set start_after = now() - interval '1 second' where id = $1`, [retried.id]);
    expect(await two.fetch([FIRST], 1)).toEqual([expect.objectContaining({ id: retried.id, retryCount: 1 })]);
  });
});
