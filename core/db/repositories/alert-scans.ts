import { sql } from 'kysely';
import type { ExportVideoRow } from './video-exports.js';
import type { Executor } from './executor.js';

export interface MeetingToScan {
  id: string;
  city_id: string;
  city_status: string;
  analysed_at: Date;
}

export async function readWatermark(db: Executor): Promise<Date | null> {
  const row = await db.selectFrom('alert_watermark').select('scanned_through').executeTakeFirst();
  return row?.scanned_through ?? null;
}

/** Moves the watermark forward only: a slower scanner finishing late never moves it back. */
export async function advanceWatermark(db: Executor, through: Date): Promise<void> {
  await db
    .insertInto('alert_watermark')
    .values({ id: true, scanned_through: through })
    .onConflict((oc) => oc.column('id').doUpdateSet({ scanned_through: sql<Date>`greatest(alert_watermark.scanned_through, excluded.scanned_through)` }))
    .execute();
}

/** Analysed meetings since `since` (null: all) that no scan has matched yet, oldest first. */
export function listMeetingsToScan(db: Executor, since: Date | null, limit: number): Promise<MeetingToScan[]> {
  let query = db
    .selectFrom('city_videos as v')
    .innerJoin('cities as c', 'c.id', 'v.city_id')
    .select(['v.id', 'v.city_id', 'c.status as city_status', sql<Date>`v.analysed_at`.as('analysed_at')])
    .where('v.analysed_at', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('alert_scans as s').select('s.city_video_id').whereRef('s.city_video_id', '=', 'v.id'))));
  if (since) query = query.where('v.analysed_at', '>=', since);
  return query.orderBy('v.analysed_at').orderBy('v.id').limit(limit).execute();
}

/** When the oldest saved search was saved: no meeting analysed before it can match anything. */
export async function earliestSavedSearchAt(db: Executor): Promise<Date | null> {
  const row = await db.selectFrom('saved_searches').select((eb) => eb.fn.min('created_at').as('earliest')).executeTakeFirst();
  return row?.earliest ? new Date(row.earliest as unknown as string) : null;
}

export async function markScanned(db: Executor, cityVideoId: string): Promise<void> {
  await db.insertInto('alert_scans').values({ city_video_id: cityVideoId }).onConflict((oc) => oc.column('city_video_id').doNothing()).execute();
}

export interface AlertMeetingRow extends ExportVideoRow {
  city_name: string;
  city_state: string;
  city_location_key: string;
  city_status: string;
}

/** What an alert email or feed says of meetings: public columns only (never draft_story). */
export function findAlertMeetings(db: Executor, ids: readonly string[]): Promise<AlertMeetingRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('city_videos as v')
    .innerJoin('cities as c', 'c.id', 'v.city_id')
    .select([
      'v.id', 'v.video_id', 'v.city_id', 'v.title', 'v.description', 'v.published_at', 'v.created_at', 'v.video_url',
      'v.analysis_results', 'v.news_story', 'v.story_generated_at',
      'c.name as city_name', 'c.state as city_state', 'c.location_key as city_location_key', 'c.status as city_status',
    ])
    .where('v.id', 'in', [...ids])
    .execute();
}
