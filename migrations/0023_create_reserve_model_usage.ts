import { sql, type Kysely } from 'kysely';

// A model call's reservation in the shared per-minute allowance (core/queue/shared-rate-limiter.ts)
// in one round trip, where it took four (begin, the model's lock, the counting insert, commit:
// issue 26). It waits for the model's lock, then counts what the last minute holds and inserts
// the reservation if there is room, else says how long until the oldest call leaves the minute.
// A function, not one statement: after waiting for the lock, its next statement reads what the
// lock's last holder committed, which a single statement (its snapshot taken before the wait)
// could not. The lock is held until the calling statement's transaction ends.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function reserve_model_usage(for_model text, tokens_wanted integer, requests_per_minute integer, tokens_per_minute integer, purge boolean,
      out reserved uuid, out wait_ms double precision)
    language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended('civic:model-rate:' || for_model, 0));
      -- Rows older than the two minutes any window looks back on.
      if purge then
        delete from model_rate_usage where model = for_model and at < clock_timestamp() - interval '2 minutes';
      end if;
      insert into model_rate_usage (model, tokens)
      select for_model, tokens_wanted
        from (select count(*) as requests, coalesce(sum(tokens), 0) as used
                from model_rate_usage where model = for_model and at > clock_timestamp() - interval '1 minute') usage
       where usage.requests < requests_per_minute
         and (usage.used = 0 or usage.used + tokens_wanted <= tokens_per_minute)
      returning id into reserved;
      if reserved is null then
        select extract(epoch from (min(at) + interval '1 minute' - clock_timestamp())) * 1000 into wait_ms
          from model_rate_usage where model = for_model and at > clock_timestamp() - interval '1 minute';
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function reserve_model_usage(text, integer, integer, integer, boolean)`.execute(db);
}
