import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../logger.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import type { JobQueue, QueuedJob } from './job-queue.js';
import { openPgBossQueue } from './pg-boss-queue.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();

/**
 * "One open job per key" is what keeps two workers off the same video: a job waiting, running
 * or waiting to be retried blocks a second one with its key; only a finished one does not. A
 * queue that always inserts passed every other test, so each state is checked here on its own.
 */
describe.skipIf(!TEST_ENGINES.includes('postgres') || !TEST_DATABASE_URL)('one open job per key (pg-boss)', () => {
  const schema = `pgboss_${randomBytes(5).toString('hex')}`;
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await openPgBossQueue({
      databaseUrl: TEST_DATABASE_URL!,
      logger: createSilentLogger(),
      role: 'client',
      jobExpirySeconds: 60,
      maintenanceSeconds: 60,
      retryDelaySeconds: 1,
      schema,
    });
  });
  afterAll(async () => {
    await queue.close();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('refuses a second job for a key while the first waits, runs or waits for its retry, and takes one once it is done', async () => {
    const name = 'civic-test-open-key';
    const first = await queue.send(name, { video: 1 }, 'video-1');
    expect(first).toEqual(expect.any(String));
    expect(await queue.send(name, { video: 1 }, 'video-1'), 'while it waits').toBeNull();
    expect(await queue.send(name, { video: 2 }, 'video-2'), 'another key is free').toEqual(expect.any(String));

    const [taken] = (await queue.fetch([name], 10)).filter((job) => job.id === first);
    expect(taken?.id).toBe(first);
    expect(await queue.send(name, { video: 1 }, 'video-1'), 'while it runs').toBeNull();
    expect(await queue.findOpenJob(name, 'video-1')).toBe(first);

    await queue.fail(name, first!, 'a 503 from the model', { final: false });
    expect((await queue.jobState(name, first!))?.state).toBe('retry');
    expect(await queue.send(name, { video: 1 }, 'video-1'), 'while it waits for its retry').toBeNull();

    // Fetched again after the retry delay, then finished: the key is free for new work.
    let again: QueuedJob | undefined;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      again = (await queue.fetch([name], 10)).find((job) => job.id === first);
      if (!again) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again?.id).toBe(first);
    await queue.complete(again!, {});
    const next = await queue.send(name, { video: 1 }, 'video-1');
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(first);
  });

  // Eight, twice the pool: the first send of a queue creates it, and creators that each held a
  // connection while waiting for the next deadlocked the pool.
  it('lets only one of many simultaneous senders of a key insert, the first of a new queue too', async () => {
    const name = 'civic-test-open-key-race';
    const ids = await Promise.all(Array.from({ length: 8 }, () => queue.send(name, {}, 'video-9')));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
  });
});
