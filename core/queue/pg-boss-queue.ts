import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SturdyClient } from '../db/sturdy-client.js';
import type { Logger } from '../logger.js';
import type { JobCount, JobQueue, JobState, QueuedJob } from './job-queue.js';

export interface PgBossQueueOptions {
  databaseUrl: string;
  logger: Logger;
  /** Workers watch for expired jobs and run the schedules; an enqueuing command does neither. */
  role: 'worker' | 'client';
  jobExpirySeconds: number;
  maintenanceSeconds: number;
  retryDelaySeconds: number;
  /** pg-boss's tables live here (one per database; tests point it elsewhere). */
  schema?: string;
}


const OPEN_STATES = `('created', 'retry', 'active')`;
const CREATE_QUEUE_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected: the transaction it cancelled may simply run again. */
function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

/**
 * JobQueue over pg-boss 10 on PostgreSQL. pg-boss's singleton policies do not cover "one open
 * job per key" (waiting, retrying or running), so `send` checks for one under a transaction
 * lock and then lets pg-boss insert in that same transaction.
 */
export async function openPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const schema = options.schema ?? 'pgboss';
  // Three retries for the faults worth another attempt, after the delay, then about twice and four times it.
  const RETRY = { retryLimit: 3, retryDelay: options.retryDelaySeconds, retryBackoff: true };
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4, application_name: `civic-queue-${options.role}`, Client: SturdyClient });
  pool.on('error', () => undefined);
  const executeSql = async (text: string, values: unknown[] = []) => {
    const result = await pool.query(text, values);
    return { rows: result.rows as unknown[] };
  };
  const worker = options.role === 'worker';
  const boss = new PgBoss({
    db: { executeSql },
    schema,
    supervise: worker,
    schedule: worker,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
    cronWorkerIntervalSeconds: 5,
    expireInSeconds: options.jobExpirySeconds,
  });
  boss.on('error', (error) => options.logger.warn({ err: error.message }, 'job queue error'));
  try {
    await boss.start();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const known = new Set<string>();
  // When this process fetched each job it holds: a job can have expired (and gone to another
  // attempt) only after its expiry, so a younger one needs no look at the table (issue 26).
  const fetchedAt = new Map<string, number>();
  const surelyStillOurs = (id: string) => {
    const at = fetchedAt.get(id);
    return at !== undefined && performance.now() - at < (options.jobExpirySeconds * 1000) / 2;
  };
  const table = (name: 'job' | 'archive') => `${pg.escapeIdentifier(schema)}.${name}`;

  const creating = new Map<string, Promise<void>>();
  let creations: Promise<void> = Promise.resolve();
  const createQueueOnce = async (name: string): Promise<void> => {
    if (known.has(name)) return;
    const exists = await pool.query(`select 1 from ${pg.escapeIdentifier(schema)}.queue where name = $1`, [name]);
    if (exists.rowCount === 0) {
      // pg-boss's create_queue deadlocks when two processes create the same queue at once (its
      // partition DDL): creators on every machine take turns on one lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtextextended($1, 0))', ['civic:create-queue']);
        // Its partition DDL can still deadlock with pg-boss's own maintenance or another
        // process's fetch on the job table: PostgreSQL then cancels one side, which tries again.
        for (let attempt = 1; ; attempt++) {
          try {
            await boss.createQueue(name, { name, policy: 'short', ...RETRY, expireInSeconds: options.jobExpirySeconds });
            break;
          } catch (error) {
            if (!isDeadlock(error) || attempt >= CREATE_QUEUE_ATTEMPTS) throw error;
            await delay(50 * attempt);
          }
        }
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', ['civic:create-queue']).catch(() => undefined);
        client.release();
      }
    }
    known.add(name);
  };

  const queue: JobQueue = {
    async ensureQueue(name) {
      if (known.has(name)) return;
      // One creation at a time in this process: each holds a pool connection for the lock while
      // pg-boss's createQueue needs another, so four at once would take the whole pool and wait
      // on each other for ever (eight senders of a new queue did).
      const pending = creating.get(name) ?? (creations = creations.catch(() => undefined).then(() => createQueueOnce(name)));
      creating.set(name, pending);
      try {
        await pending;
      } finally {
        creating.delete(name);
      }
    },

    async send(name, data, key) {
      await queue.ensureQueue(name);
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Two enqueuers of the same key wait for each other here, so only one inserts.
        await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`civic:job:${name}:${key}`]);
        const open = await client.query(`select 1 from ${table('job')} where name = $1 and singleton_key = $2 and state in ${OPEN_STATES} limit 1`, [name, key]);
        let id: string | null = null;
        if (open.rowCount === 0) {
          const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await client.query(text, values)).rows as unknown[] }) };
          id = await boss.send(name, data, { singletonKey: key, ...RETRY, expireInSeconds: options.jobExpirySeconds, db });
        }
        await client.query('commit');
        return id;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async findOpenJob(name, key) {
      const { rows } = await pool.query<{ id: string }>(
        `select id from ${table('job')} where name = $1 and singleton_key = $2 and state in ${OPEN_STATES} order by created_on limit 1`,
        [name, key],
      );
      return rows[0]?.id ?? null;
    },

    async fetch(name, count) {
      await queue.ensureQueue(name);
      const jobs = await boss.fetch<unknown>(name, { batchSize: count, includeMetadata: true });
      const now = performance.now();
      for (const job of jobs) fetchedAt.set(job.id, now);
      return jobs.map(
        (job): QueuedJob => ({
          id: job.id,
          queue: name,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          createdOn: new Date(job.createdOn),
          startedOn: new Date(job.startedOn),
        }),
      );
    },

    async complete(name, id, output) {
      fetchedAt.delete(id);
      await boss.complete(name, id, output);
    },

    async fail(name, id, message, { final }) {
      // pg-boss retries any failure with retries left; a fault not worth retrying uses them up.
      fetchedAt.delete(id);
      if (final) await pool.query(`update ${table('job')} set retry_limit = retry_count where name = $1 and id = $2 and state = 'active'`, [name, id]);
      await boss.fail(name, id, { message });
    },

    async handBack(jobs) {
      if (jobs.length === 0) return 0;
      // started_on null: pg-boss counts an attempt when it takes a job that was started before.
      const { rowCount } = await pool.query(
        `update ${table('job')} j set state = 'retry', started_on = null, start_after = now()
           from unnest($1::text[], $2::uuid[], $3::float8[]) as h(name, id, started)
          where j.name = h.name and j.id = h.id and j.state = 'active'
            and abs(extract(epoch from j.started_on)::float8 * 1000 - h.started) < 1`,
        [jobs.map((job) => job.queue), jobs.map((job) => job.id), jobs.map((job) => job.started)],
      );
      return rowCount ?? 0;
    },

    async activeJobs() {
      const { rows } = await pool.query<{ name: string; id: string; city: string | null; started: number }>(
        `select name, id, data->>'cityKey' as city, extract(epoch from started_on)::float8 * 1000 as started
           from ${table('job')} where name like 'civic-%' and state = 'active'`,
      );
      return rows.map((row) => ({ queue: row.name, id: row.id, cityKey: row.city, started: Number(row.started) }));
    },

    async stillActive(name, id, retryCount) {
      if (surelyStillOurs(id)) return true;
      const { rowCount } = await pool.query(`select 1 from ${table('job')} where name = $1 and id = $2 and state = 'active' and retry_count = $3`, [name, id, retryCount]);
      return rowCount === 1;
    },

    async jobState(name, id) {
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      return job ? { state: job.state as JobState, output: job.output } : null;
    },

    async counts() {
      const { rows } = await pool.query<{ name: string; state: JobState; city: string | null; count: string }>(
        `select name, state, data->>'cityKey' as city, count(*) as count
           from (select name, state, data from ${table('job')} union all select name, state, data from ${table('archive')}) jobs
          where name like 'civic-%'
          group by 1, 2, 3
          order by 1, 3, 2`,
      );
      return rows.map((row): JobCount => ({ queue: row.name, state: row.state, cityKey: row.city, count: Number(row.count) }));
    },

    async listFailed(names, filter) {
      const { rows } = await pool.query<{ name: string; id: string }>(
        `select name, id from ${table('job')} where name = any($1) and state = 'failed' and ($2::text is null or data->>'cityKey' = $2) order by created_on`,
        [names, filter.cityKey ?? null],
      );
      return rows.map((row) => ({ queue: row.name, id: row.id }));
    },

    async retry(name, ids) {
      if (ids.length > 0) await boss.retry(name, [...ids]);
    },

    async schedule(name, cron, data) {
      await queue.ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: 'UTC' });
    },

    async unschedule(name) {
      await boss.unschedule(name);
    },

    async schedules() {
      const rows = (await boss.getSchedules()) as unknown as { name: string; cron: string; timezone: string; data: unknown }[];
      return rows.map((row) => ({ queue: row.name, cron: row.cron, timezone: row.timezone, data: row.data }));
    },

    async close() {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }).catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
  return queue;
}
