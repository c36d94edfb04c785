import { sql } from 'kysely';
import type { AlertDeliveryStatus } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * Claims (search, meeting) before anything is sent: the primary key lets exactly one of any
 * number of concurrent scanners insert it. True when this caller won the claim.
 */
export async function claimDelivery(
  db: Executor,
  claim: { savedSearchId: string; cityVideoId: string; status: 'sending' | 'pending'; matches: unknown },
): Promise<boolean> {
  const rows = await db
    .insertInto('alert_deliveries')
    .values({ saved_search_id: claim.savedSearchId, city_video_id: claim.cityVideoId, status: claim.status, matches: JSON.stringify(claim.matches) })
    .onConflict((oc) => oc.columns(['saved_search_id', 'city_video_id']).doNothing())
    .returning('saved_search_id')
    .execute();
  return rows.length > 0;
}

export async function setDeliveryStatus(db: Executor, savedSearchId: string, cityVideoIds: readonly string[], status: AlertDeliveryStatus, sentAt: Date | null): Promise<void> {
  if (cityVideoIds.length === 0) return;
  await db
    .updateTable('alert_deliveries')
    .set({ status, sent_at: sentAt })
    .where('saved_search_id', '=', savedSearchId)
    .where('city_video_id', 'in', [...cityVideoIds])
    .execute();
}

export interface ClaimedDigestRow {
  city_video_id: string;
  matches: unknown;
}

/**
 * A digest's pending matches, taken in one statement: a second sender running at the same time
 * updates none of them (the rows it would update are no longer pending), so it sends nothing.
 */
export function takePendingDeliveries(db: Executor, savedSearchId: string, sentAt: Date): Promise<ClaimedDigestRow[]> {
  return db
    .updateTable('alert_deliveries')
    .set({ status: 'sending', sent_at: sentAt })
    .where('saved_search_id', '=', savedSearchId)
    .where('status', '=', 'pending')
    .returning(['city_video_id', 'matches'])
    .execute() as Promise<ClaimedDigestRow[]>;
}

/** Alert emails sent to a member since `since` (a digest is one email however many meetings it lists). */
export async function countEmailsSentToUser(db: Executor, userId: string, since: Date): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(distinct (d.saved_search_id, d.sent_at)) as n
    from alert_deliveries d join saved_searches s on s.id = d.saved_search_id
    where s.user_id = ${userId} and d.status in ('sent', 'sending') and d.sent_at >= ${since}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
