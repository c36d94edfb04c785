import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SturdyClient } from '../db/sturdy-client.js';
import type { Logger } from '../logger.js';
import type { JobCount, JobQueue, JobState, QueuedJob } from './job-queue.js';
import { completeSql, createFunctionsSql, fetchSql, hasFunctionsSql, sendSql, takeAheadSql, type JobSettings } from './pg-boss-statements.js';

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

interface JobRow {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date;
}

function toQueuedJob(row: JobRow): QueuedJob {
  return { id: row.id, queue: row.name, data: row.data, retryCount: row.retry_count, retryLimit: row.retry_limit, createdOn: row.created_on, startedOn: row.started_on };
}

/** Creators on every machine take turns on one lock: pg-boss's create_queue deadlocks when two processes create the same queue at once (its partition DDL). */
async function underCreationLock(pool: pg.Pool, create: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', ['civic:create-queue']);
    await create();
  } finally {
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', ['civic:create-queue']).catch(() => undefined);
    client.release();
  }
}

/** The one-statement send, completion and fetch (pg-boss-statements.ts), created once per schema. */
async function createStatementFunctions(pool: pg.Pool, schema: string): Promise<void> {
  const present = async () => (await pool.query<{ n: number }>(hasFunctionsSql, [schema])).rows[0]?.n === 2;
  if (await present()) return;
  await underCreationLock(pool, async () => {
    if (await present()) return;
    for (const statement of createFunctionsSql(schema)) await pool.query(statement);
  });
}

/**
 * JobQueue over pg-boss 10 on PostgreSQL: pg-boss creates and maintains the queues (expiry,
 * retries, schedules, archive), and the worker's hot path is one statement each
 * (pg-boss-statements.ts), with "one open job per key" (waiting, retrying or running), which
 * pg-boss's singleton policies do not cover.
 */
export async function openPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const schema = options.schema ?? 'pgboss';
  // Three retries for the faults worth another attempt, after the delay, then about twice and four times it.
  const RETRY = { retryLimit: 3, retryDelay: options.retryDelaySeconds, retryBackoff: true };
  const settings: JobSettings = { ...RETRY, expireInSeconds: options.jobExpirySeconds };
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
    await createStatementFunctions(pool, schema);
  } catch (error) {
    await boss.stop({ graceful: false, close: false }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw error;
  }
  const known = new Set<string>();
  const table = (name: 'job' | 'archive') => `${pg.escapeIdentifier(schema)}.${name}`;

  const creating = new Map<string, Promise<void>>();
  let creations: Promise<void> = Promise.resolve();
  const createQueueOnce = async (name: string): Promise<void> => {
    if (known.has(name)) return;
    const exists = await pool.query(`select 1 from ${pg.escapeIdentifier(schema)}.queue where name = $1`, [name]);
    if (exists.rowCount === 0) {
      await underCreationLock(pool, async () => {
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
      });
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
      const { rows } = await pool.query<JobRow>(sendSql(schema), [name, data, key, settings, false]);
      return rows[0]?.id ?? null;
    },

    async findOpenJob(name, key) {
      const { rows } = await pool.query<{ id: string }>(
        `select id from ${table('job')} where name = $1 and singleton_key = $2 and state in ${OPEN_STATES} order by created_on limit 1`,
        [name, key],
      );
      return rows[0]?.id ?? null;
    },

    async fetch(names, count) {
      if (names.length === 0 || count < 1) return [];
      for (const name of names) await queue.ensureQueue(name);
      const { rows } = await pool.query<JobRow>(fetchSql(schema, names.length), [count, ...names]);
      return rows.map(toQueuedJob);
    },

    async takeAhead(names, below, feeders) {
      if (names.length === 0 || below < 2) return null;
      for (const name of [...names, ...feeders]) await queue.ensureQueue(name);
      const { rows } = await pool.query<JobRow>(takeAheadSql(schema, names.length, feeders.length), [1, ...names, below, ...feeders]);
      return rows[0] ? toQueuedJob(rows[0]) : null;
    },

    async complete(job, output, next) {
      if (next) await queue.ensureQueue(next.queue);
      const { rows } = await pool.query<JobRow>(completeSql(schema), [
        job.queue,
        job.id,
        output,
        job.retryCount,
        next?.queue ?? null,
        next?.data ?? null,
        next?.key ?? null,
        settings,
        next?.take ?? false,
      ]);
      const taken = rows[0];
      return taken && next?.take ? toQueuedJob(taken) : null;
    },

    async fail(name, id, message, { final }) {
      // pg-boss retries any failure with retries left; a fault not worth retrying uses them up.
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

    async inHandNow(jobs) {
      if (jobs.length === 0) return [];
      // A chained job taken with its predecessor's completion was created and started in that
      // statement's transaction: at the very now() the predecessor was completed.
      const both = `(select name, id, singleton_key, state, created_on, started_on, completed_on from ${table('job')}
                     union all select name, id, singleton_key, state, created_on, started_on, completed_on from ${table('archive')})`;
      const { rows } = await pool.query<{ name: string; id: string; started: number }>(
        `with recursive held as (
           select j.name, j.id, j.singleton_key, j.state, j.started_on, j.completed_on
             from unnest($1::text[], $2::uuid[], $3::float8[]) as h(name, id, started)
             join ${both} j on j.name = h.name and j.id = h.id and abs(extract(epoch from j.started_on)::float8 * 1000 - h.started) < 1
           union all
           select n.name, n.id, n.singleton_key, n.state, n.started_on, n.completed_on
             from held p join ${both} n on n.singleton_key = p.singleton_key and n.created_on = p.completed_on and n.started_on = p.completed_on
            where p.state = 'completed')
         select name, id::text, extract(epoch from started_on)::float8 * 1000 as started from held where state = 'active'`,
        [jobs.map((job) => job.queue), jobs.map((job) => job.id), jobs.map((job) => job.started)],
      );
      return rows.map((row) => ({ queue: row.name, id: row.id, started: Number(row.started) }));
    },

    async activeJobs() {
      const { rows } = await pool.query<{ name: string; id: string; city: string | null; started: number }>(
        `select name, id, data->>'cityKey' as city, extract(epoch from started_on)::float8 * 1000 as started
           from ${table('job')} where name like 'civic-%' and state = 'active'`,
      );
      return rows.map((row) => ({ queue: row.name, id: row.id, cityKey: row.city, started: Number(row.started) }));
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
