import { sql } from 'kysely';
import type { Executor } from './executor.js';

/**
 * PostgreSQL session advisory locks, keyed by text. Session locks belong to one connection, so
 * every call takes the connection that holds them (pipeline/video-locks.ts keeps one for the work).
 */

/** Takes the lock if no session holds it; true when taken. Never waits. */
export async function tryAdvisoryLock(connection: Executor, key: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`.execute(connection);
  return rows[0]?.locked === true;
}

export async function releaseAdvisoryLock(connection: Executor, key: string): Promise<void> {
  await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
}

export async function releaseAllAdvisoryLocks(connection: Executor): Promise<void> {
  await sql`select pg_advisory_unlock_all()`.execute(connection);
}

/** Whether the connection still answers (a dropped one has lost its session's locks). */
export async function connectionAnswers(connection: Executor): Promise<boolean> {
  try {
    await sql`select 1`.execute(connection);
    return true;
  } catch {
    return false;
  }
}
