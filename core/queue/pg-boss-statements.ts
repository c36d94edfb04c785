import pg from 'pg';

/**
 * The worker's hot path on pg-boss's tables, one statement each (issue 26: the five-statement
 * enqueue of a chained stage and a fetch per queue were a third of a job's statements):
 * - sending with "one open job per key" (waiting, retrying or running), which pg-boss's
 *   singleton policies do not cover;
 * - completing a job and enqueuing its next stage together, the next job taken by the
 *   completing worker at once when it asks (it then needs no fetch, and waits no poll);
 * - fetching from several queues in order of preference.
 * The first two are PL/pgSQL functions in pg-boss's schema: after waiting for a key's lock,
 * a function's next statement reads what was committed meanwhile, which a single SQL
 * statement (its snapshot taken before the wait) could not. They are created once per schema;
 * a change to them takes a new version suffix, so processes of two releases can share a queue.
 */

const VERSION = 'v1';

const sendFunction = (schema: string) => `${pg.escapeIdentifier(schema)}.civic_send_${VERSION}`;
const completeFunction = (schema: string) => `${pg.escapeIdentifier(schema)}.civic_complete_${VERSION}`;

/** How a job is retried and expires: what pg-boss's send takes, as jsonb. */
export interface JobSettings {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

/** Whether this schema has the functions of this version (the caller creates them under a lock if not). */
export const hasFunctionsSql = `
  select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = $1 and p.proname in ('civic_send_${VERSION}', 'civic_complete_${VERSION}')`;

export function createFunctionsSql(schema: string): string[] {
  const s = pg.escapeIdentifier(schema);
  return [
    `create or replace function ${sendFunction(schema)}(job_name text, job_data jsonb, job_key text, settings jsonb, take boolean)
     returns ${s}.job language plpgsql as $body$
     declare
       sent ${s}.job;
     begin
       -- Two senders of one key wait for each other here (the same lock key as the releases
       -- before these functions), and the second then sees the first one's job.
       perform pg_advisory_xact_lock(hashtextextended('civic:job:' || job_name || ':' || job_key, 0));
       if exists (select 1 from ${s}.job where name = job_name and singleton_key = job_key and state < 'completed') then
         return null;
       end if;
       -- As pg-boss's own insert sets them for our options (its test: pg-boss-queue.test.ts).
       insert into ${s}.job (name, data, singleton_key, policy, state, started_on, retry_limit, retry_delay, retry_backoff, expire_in, keep_until)
       select q.name, job_data, job_key, q.policy,
              case when take then 'active' else 'created' end::${s}.job_state,
              case when take then now() end,
              (settings->>'retryLimit')::int,
              case when (settings->>'retryBackoff')::bool then greatest((settings->>'retryDelay')::int, 1) else (settings->>'retryDelay')::int end,
              (settings->>'retryBackoff')::bool,
              (settings->>'expireInSeconds')::int * interval '1 second',
              now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days')
         from ${s}.queue q where q.name = job_name
       returning * into sent;
       return sent;
     end
     $body$`,
    `create or replace function ${completeFunction(schema)}(job_name text, job_id uuid, job_output jsonb, attempt int,
       next_name text, next_data jsonb, next_key text, settings jsonb, take boolean)
     returns ${s}.job language plpgsql as $body$
     declare
       finished_attempt int;
     begin
       update ${s}.job set completed_on = now(), state = 'completed', output = job_output
        where name = job_name and id = job_id and state = 'active'
       returning retry_count into finished_attempt;
       -- An attempt that outlived its expiry lost the job to another attempt, which chains on:
       -- one chain per stage.
       if next_name is null or finished_attempt is distinct from attempt then
         return null;
       end if;
       return ${sendFunction(schema)}(next_name, next_data, next_key, settings, take);
     end
     $body$`,
  ];
}

/** The columns a QueuedJob is made of, from a job row `j`. */
const JOB_COLUMNS = `j.id, j.name, j.data, j.retry_count, j.retry_limit, j.created_on, j.started_on`;

export const sendSql = (schema: string) => `select ${JOB_COLUMNS} from ${sendFunction(schema)}($1, $2, $3, $4, $5) j where j.id is not null`;

export const completeSql = (schema: string) =>
  `select ${JOB_COLUMNS} from ${completeFunction(schema)}($1, $2, $3, $4, $5, $6, $7, $8, $9) j where j.id is not null`;

/**
 * Up to $1 jobs from the queues $2, $3, …, earlier queues first, each queue's in pg-boss's own
 * order, taken as pg-boss takes them (an attempt counted when the job was started before). A
 * later queue's jobs are read, and locked, only when the earlier ones had too few.
 */
export function fetchSql(schema: string, queues: number): string {
  return takeSql(schema, queues, null);
}

/**
 * One job of the queues $2, $3, … as fetchSql takes it, but only while fewer than $N of their
 * jobs wait (N = the queues + 2; counted no further than that) and no job of the queues $N+1,
 * … is open: those add jobs to these (a discovery listing a batch's videos), so until they are
 * done a short queue may be one still filling. That is a batch's tail (worker.ts).
 */
export function takeAheadSql(schema: string, queues: number, feeders: number): string {
  const s = pg.escapeIdentifier(schema);
  const params = (from: number, count: number) => Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
  const below = `$${queues + 2}`;
  const waiting = `(select count(*) from (select 1 from ${s}.job where name in (${params(2, queues)}) and state < 'active' and start_after < now() limit ${below}) w)`;
  const filling = feeders > 0 ? ` and not exists (select 1 from ${s}.job where name in (${params(queues + 3, feeders)}) and state < 'completed')` : '';
  return takeSql(schema, queues, `${waiting} < ${below}${filling}`);
}

function takeSql(schema: string, queues: number, guard: string | null): string {
  const s = pg.escapeIdentifier(schema);
  const each = Array.from(
    { length: queues },
    (_, index) => `q${index} as (
      select name, id from ${s}.job
       where name = $${index + 2} and state < 'active' and start_after < now()${guard ? ` and ${guard}` : ''}
       order by priority desc, created_on, id
       limit $1 for update skip locked)`,
  );
  const union = Array.from({ length: queues }, (_, index) => `select * from q${index}`).join(' union all ');
  return `
    with ${each.join(',\n')},
    next as (${union} limit $1)
    update ${s}.job j set
      state = 'active',
      started_on = now(),
      retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
      from next
     where j.name = next.name and j.id = next.id
    returning ${JOB_COLUMNS}`;
}
