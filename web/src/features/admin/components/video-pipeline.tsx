import type { AdminVideo, LlmTotals } from '@domain/admin.js';
import { formatDate } from '@domain/format.js';
import { describeModelUsage, usageFromApi } from '@domain/model-usage.js';
import { Badge, type BadgeTone } from '@/components/ui/badge.js';
import { isRetryable, RetryStageButton } from './retry-stage-button.js';

const TONE: Record<string, BadgeTone> = { done: 'success', failed: 'danger', running: 'blue', skipped: 'grey', pending: 'grey' };

/**
 * Beyond the spec: where each stage of this video stands (a failed one can be retried, as from
 * the Admin Panel's pipeline card), and what its model calls have cost since the first: unlike
 * the card's figures, these are not limited to the last 30 days, and the label says so.
 */
export function VideoPipeline({ video, llm }: { video: Pick<AdminVideo, 'id' | 'video_id' | 'title' | 'stages'>; llm: LlmTotals | null }) {
  const { stages } = video;
  return (
    <div className="grid gap-3">
      {stages.length === 0 ? (
        <p className="text-ink-muted">No stage has run for this video yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-ink-muted">
            <tr>
              <th className="py-1 pr-3 font-medium">Stage</th>
              <th className="py-1 pr-3 font-medium">Status</th>
              <th className="py-1 pr-3 font-medium">Attempts</th>
              <th className="py-1 font-medium">When</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage) => (
              <tr key={stage.stage} className="border-t border-line align-top">
                <td className="py-2 pr-3 text-ink">{stage.stage}</td>
                <td className="py-2 pr-3">
                  <Badge tone={TONE[stage.status] ?? 'neutral'}>{stage.status}</Badge>
                  {stage.last_error && <p className="mt-1 break-words text-danger">{stage.last_error}</p>}
                  {stage.status === 'failed' && isRetryable(stage.stage) && (
                    <div className="mt-2">
                      <RetryStageButton cityVideoId={video.id} stage={stage.stage} videoName={video.title ?? video.video_id} />
                    </div>
                  )}
                </td>
                <td className="py-2 pr-3 text-ink">{stage.attempts}</td>
                <td className="py-2 text-ink">{formatDate(stage.finished_at) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {llm && (
        <p className="text-sm text-ink-muted">
          All time:{' '}
          {describeModelUsage(usageFromApi(llm))}
        </p>
      )}
    </div>
  );
}
