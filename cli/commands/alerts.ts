import type { Core, DigestReport, PublishReport } from '../../core/index.js';
import { formatCount } from '../../core/domain/format.js';

export interface AlertsSendResult {
  published: PublishReport;
  digests: DigestReport;
}

/**
 * `civic alerts send`: matches the meetings analysed since the last scan (mailing the
 * immediate alerts), then sends the daily and weekly digests that are due. Cron-able: every
 * (alert, meeting) is claimed once, so runs that overlap or repeat send nothing twice.
 */
export async function sendAlerts(core: Core): Promise<AlertsSendResult> {
  const published = await core.alerts.publishNewMeetings();
  const digests = await core.alerts.sendDigests();
  return { published, digests };
}

export function describeAlertsSent({ published, digests }: AlertsSendResult): string {
  const lines = [
    `Scanned ${formatCount(published.scanned, 'newly analysed meeting')}: ${formatCount(published.emailed, 'alert email')} sent, ${formatCount(published.queued, 'match', 'matches')} kept for digests.`,
    `Digests: ${formatCount(digests.emailed, 'email')} sent listing ${formatCount(digests.meetings, 'meeting')}.`,
  ];
  const capped = published.capped + digests.capped;
  const failed = published.failed + digests.failed;
  if (capped > 0) lines.push(`${capped} held back by the daily cap per member.`);
  if (failed > 0) lines.push(`${failed} could not be sent (see the log); they are not retried.`);
  return lines.join('\n');
}
