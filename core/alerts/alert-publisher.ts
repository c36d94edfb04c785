/**
 * Sends the alerts (issue 27). publishNewMeetings() scans the meetings analysed since the last
 * scan (a watermark, with an overlap for transactions that committed late, and a row per
 * scanned meeting so none is matched twice), matches them (matching.ts) and, per matching
 * saved search, claims the (search, meeting) pair before anything is sent: whichever worker,
 * retry or `civic` command claims first sends; every other claim is a no-op. Immediate alerts
 * are mailed at once; digest alerts keep the claim pending until sendDigests() (cron, serve's
 * scheduler) takes all of a search's pending matches in one statement and mails them together.
 *
 * A claimed email that fails to send is marked failed and not retried: at most once, never twice.
 */
import type { Kysely } from 'kysely';
import { countEmailsSentToUser, claimDelivery, setDeliveryStatus, takePendingDeliveries } from '../db/repositories/alert-deliveries.js';
import { advanceWatermark, earliestSavedSearchAt, findAlertMeetings, listMeetingsToScan, markScanned, readWatermark, type AlertMeetingRow } from '../db/repositories/alert-scans.js';
import { findSavedSearchesByIds, listDueDigestSearches, updateSavedSearch, type SavedSearchRow } from '../db/repositories/saved-searches.js';
import type { DB } from '../db/schema.js';
import { ALERT_EMAILS_PER_DAY } from '../domain/alerts.js';
import { isCityVisible } from '../domain/city-visibility.js';
import { meetingExport } from '../exports/meeting-export.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import { composeAlertEmail, type AlertSite, type MeetingMatches, type StoredMatch } from './alert-email.js';
import { decisionTextsOf, describeMatches } from './match-text.js';
import { matchMeeting } from './matching.js';

/** How far before the watermark a scan looks again: a meeting whose analysis committed late. */
const SCAN_OVERLAP_MS = 10 * 60_000;
const SCAN_BATCH = 50;

export interface PublishReport {
  scanned: number;
  /** (search, meeting) pairs that matched and were claimed by this call. */
  claimed: number;
  emailed: number;
  /** Claimed for a digest, to be sent by sendDigests. */
  queued: number;
  capped: number;
  failed: number;
}

export interface DigestReport {
  emailed: number;
  meetings: number;
  capped: number;
  failed: number;
}

export interface AlertPublisherDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  logger: Logger;
  site: AlertSite;
  now?: () => Date;
}

export function createAlertPublisher({ db, mailer, logger, site, now = () => new Date() }: AlertPublisherDeps) {
  async function recipientOf(userId: string): Promise<string | null> {
    const user = await db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
    return user?.email_confirmed_at ? user.email : null;
  }

  async function underCap(userId: string, at: Date): Promise<boolean> {
    return (await countEmailsSentToUser(db, userId, new Date(at.getTime() - 86_400_000))) < ALERT_EMAILS_PER_DAY;
  }

  /** Sends one email for already-claimed meetings; marks them sent, capped or failed. */
  async function deliver(search: SavedSearchRow, entries: readonly MeetingMatches[], checkCap: boolean): Promise<'sent' | 'capped' | 'failed'> {
    const ids = entries.map((entry) => entry.meeting.id);
    const at = now();
    const to = await recipientOf(search.user_id);
    if (!to) {
      await setDeliveryStatus(db, search.id, ids, 'failed', null);
      return 'failed';
    }
    if (checkCap && !(await underCap(search.user_id, at))) {
      await setDeliveryStatus(db, search.id, ids, 'capped', null);
      return 'capped';
    }
    // Counted toward the cap from now on, before the send that may take a while.
    await setDeliveryStatus(db, search.id, ids, 'sending', at);
    try {
      await mailer.send(composeAlertEmail(site, to, search, entries));
      await setDeliveryStatus(db, search.id, ids, 'sent', at);
      return 'sent';
    } catch (error) {
      logger.error({ err: error, savedSearchId: search.id }, 'alert email failed; it will not be retried');
      await setDeliveryStatus(db, search.id, ids, 'failed', null);
      return 'failed';
    }
  }

  async function scanMeeting(row: AlertMeetingRow, analysedAt: Date, report: PublishReport): Promise<void> {
    const meeting = meetingExport(row, { name: row.city_name, state: row.city_state, location_key: row.city_location_key }, site.publicUrl);
    const decisionTexts = decisionTextsOf(meeting);
    const verified = await matchMeeting(db, { id: row.id, city_id: row.city_id, analysed_at: analysedAt, decisionTexts });
    const searches = new Map((await findSavedSearchesByIds(db, verified.map((v) => v.savedSearchId))).map((s) => [s.id, s]));
    for (const match of verified) {
      const search = searches.get(match.savedSearchId);
      if (!search) continue;
      const matches: StoredMatch[] = await describeMatches(db, match, meeting);
      const immediate = search.frequency === 'immediate';
      const claimed = await claimDelivery(db, { savedSearchId: search.id, cityVideoId: row.id, status: immediate ? 'sending' : 'pending', matches });
      if (!claimed) continue;
      report.claimed += 1;
      if (!immediate) {
        report.queued += 1;
        continue;
      }
      const outcome = await deliver(search, [{ meeting, matches }], true);
      if (outcome === 'sent') report.emailed += 1;
      else report[outcome] += 1;
    }
  }

  /** Matches and mails every meeting analysed since the last scan. Safe to call from anywhere, any number of times. */
  async function publishNewMeetings(): Promise<PublishReport> {
    const report: PublishReport = { scanned: 0, claimed: 0, emailed: 0, queued: 0, capped: 0, failed: 0 };
    // Meetings analysed before the oldest saved search cannot match: a first scan skips history.
    const earliest = await earliestSavedSearchAt(db);
    if (!earliest) return report;
    const watermark = await readWatermark(db);
    const overlapped = watermark ? new Date(watermark.getTime() - SCAN_OVERLAP_MS) : null;
    const since = overlapped && overlapped > earliest ? overlapped : earliest;
    let through: Date | null = null;
    for (;;) {
      const batch = await listMeetingsToScan(db, since, SCAN_BATCH);
      for (const meeting of batch) {
        // Cities being set up stay silent; their meetings are not news to the public.
        if (isCityVisible(meeting.city_status, 'public')) {
          const [row] = await findAlertMeetings(db, [meeting.id]);
          if (row) await scanMeeting(row, meeting.analysed_at, report);
        }
        await markScanned(db, meeting.id);
        report.scanned += 1;
        if (!through || meeting.analysed_at > through) through = meeting.analysed_at;
      }
      if (batch.length < SCAN_BATCH) break;
    }
    if (through) await advanceWatermark(db, through);
    if (report.claimed > 0) logger.info(report, 'alerts published');
    return report;
  }

  async function sendDigest(search: SavedSearchRow, report: DigestReport): Promise<void> {
    const at = now();
    // A member at the cap keeps the matches pending for the next run.
    if (!(await underCap(search.user_id, at))) {
      report.capped += 1;
      return;
    }
    const taken = await takePendingDeliveries(db, search.id, at);
    if (taken.length === 0) return;
    const rows = new Map((await findAlertMeetings(db, taken.map((t) => t.city_video_id))).map((row) => [row.id, row]));
    const entries: MeetingMatches[] = [];
    const dropped: string[] = [];
    for (const { city_video_id, matches } of taken) {
      const row = rows.get(city_video_id);
      // A city taken out of public view since the match: say nothing of it.
      if (!row || !isCityVisible(row.city_status, 'public')) dropped.push(city_video_id);
      else entries.push({ meeting: meetingExport(row, { name: row.city_name, state: row.city_state, location_key: row.city_location_key }, site.publicUrl), matches: matches as StoredMatch[] });
    }
    await setDeliveryStatus(db, search.id, dropped, 'capped', null);
    if (entries.length === 0) return;
    const outcome = await deliver(search, entries, false);
    if (outcome === 'sent') {
      report.emailed += 1;
      report.meetings += entries.length;
      await updateSavedSearch(db, search.id, { last_digest_at: at });
    } else report[outcome] += 1;
  }

  /** Sends the daily and weekly digests that are due. Cron-able: a second run at once sends nothing. */
  async function sendDigests(): Promise<DigestReport> {
    const report: DigestReport = { emailed: 0, meetings: 0, capped: 0, failed: 0 };
    for (const search of await listDueDigestSearches(db, now())) await sendDigest(search, report);
    if (report.emailed > 0) logger.info(report, 'alert digests sent');
    return report;
  }

  return { publishNewMeetings, sendDigests };
}
