import { sql } from 'kysely';
import type { Executor } from './executor.js';

export interface NewErrorReport {
  city_video_id: string;
  story_generated_at: Date | null;
  message: string;
  moment_ms: number | null;
  email: string | null;
}

export function insertErrorReport(db: Executor, report: NewErrorReport): Promise<{ id: string }> {
  return db.insertInto('error_reports').values(report).returning('id').executeTakeFirstOrThrow();
}

/** Reports with what the inbox shows of their meeting; open ones first, then oldest first. */
export function listErrorReports(db: Executor, options: { includeResolved: boolean }) {
  let query = db
    .selectFrom('error_reports as r')
    .innerJoin('city_videos as v', 'v.id', 'r.city_video_id')
    .leftJoin('cities as c', 'c.id', 'v.city_id')
    .select([
      'r.id',
      'r.city_video_id',
      'v.video_id',
      'v.title',
      'c.location_key as city_slug',
      'r.story_generated_at',
      'r.message',
      'r.moment_ms',
      'r.email',
      'r.created_at',
      'r.resolved_at',
    ]);
  if (!options.includeResolved) query = query.where('r.resolved_at', 'is', null);
  // Postgres sorts nulls last ascending: open reports (resolved_at null) come after resolved ones,
  // so order by "is it resolved" first.
  return query
    .orderBy((eb) => eb('r.resolved_at', 'is not', null), 'asc')
    .orderBy('r.created_at', 'asc')
    .orderBy('r.id', 'asc')
    .execute();
}

/** Marks one open report resolved; undefined when there is no such report. Resolving twice keeps the first. */
export async function resolveErrorReport(db: Executor, id: string, userId: string, at: Date): Promise<{ id: string; resolved_at: Date } | undefined> {
  await db.updateTable('error_reports').set({ resolved_at: at, resolved_by: userId }).where('id', '=', id).where('resolved_at', 'is', null).execute();
  const row = await db.selectFrom('error_reports').select(['id', 'resolved_at']).where('id', '=', id).executeTakeFirst();
  return row?.resolved_at ? { id: row.id, resolved_at: row.resolved_at } : undefined;
}

/** Reports sent with this address (compared trimmed and lowercased, as contact messages are); returns how many went. */
export async function deleteErrorReportsFromEmail(db: Executor, email: string): Promise<number> {
  const result = await db
    .deleteFrom('error_reports')
    .where(sql<string>`lower(btrim(email))`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findErrorReport(db: Executor, id: string) {
  return db.selectFrom('error_reports').select(['id', 'city_video_id', 'resolved_at']).where('id', '=', id).executeTakeFirst();
}
