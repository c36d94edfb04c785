import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { RETRYABLE_STAGES, type RetryableStage } from '@domain/admin.js';
import { Button } from '@/components/ui/button.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useRetryStage } from '../api/pipeline.js';

export const isRetryable = (stage: string): stage is RetryableStage => (RETRYABLE_STAGES as readonly string[]).includes(stage);

/**
 * Runs a failed stage of a video again (POST /api/admin/videos/:id/retry with our id of the
 * video) and says how it went; the pipeline and the video are read again either way. The
 * pipeline card's failures and content management's stage list both use it.
 */
export function RetryStageButton({ cityVideoId, stage, videoName }: { cityVideoId: string; stage: RetryableStage; videoName: string }) {
  const retry = useRetryStage({
    onSuccess: () => toastSuccess('Stage completed', `${stage} of ${videoName}`),
    // 409: another run had the video, so nothing ran; that is not a second failure.
    onError: (error) => toastError(isApiError(error) && error.status === 409 ? `The ${stage} stage did not run` : `The ${stage} stage failed again`, error.message),
  });
  return (
    <Button size="sm" variant="secondary" onClick={() => retry.mutate({ cityVideoId, stage })} disabled={retry.isPending} aria-label={`Retry ${stage} of ${videoName}`}>
      <RotateCcw aria-hidden />
      {retry.isPending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
