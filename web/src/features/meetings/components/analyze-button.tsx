import Sparkles from 'lucide-react/icons/sparkles';
import { useCallback, useEffect } from 'react';
import type { MeetingVideo } from '@domain/meeting.js';
import { ANALYSIS_DONE_MESSAGE, ANALYSIS_FAILED_MESSAGE } from '@domain/messages.js';
import { Button } from '@/components/ui/button.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useAnalyzeMeeting } from '../api/analyze-meeting.js';
import { shouldAutoAnalyze, useAutoRun } from './auto-run.js';

export interface AnalyzeButtonProps {
  video: MeetingVideo;
  hasTranscript: boolean;
  /** Told when an analysis starts and ends, so the page can say it is under way where the analysis goes. */
  onPendingChange: (pending: boolean) => void;
}

/**
 * 'Analyze Meeting' (spec §4): runs by itself on a meeting with a transcript and no analysis,
 * and stays for an admin to run again. Its own module: a visitor reading an analysed meeting
 * never needs it, so the page loads it only when it shows (issue 25).
 */
export function AnalyzeButton({ video, hasTranscript, onPendingChange }: AnalyzeButtonProps) {
  const analyze = useAnalyzeMeeting(video.id, {
    onSuccess: () => toastSuccess(ANALYSIS_DONE_MESSAGE),
    onError: (error) => toastError(ANALYSIS_FAILED_MESSAGE, error.message),
  });
  const { mutate, isPending } = analyze;
  const start = useCallback(() => mutate(video.id), [mutate, video.id]);
  useAutoRun(shouldAutoAnalyze(video, isPending), video.id, start);
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);
  return (
    <Button onClick={start} disabled={!hasTranscript || isPending} aria-describedby={hasTranscript ? undefined : 'no-transcript'}>
      <Sparkles aria-hidden="true" />
      {isPending ? 'Analyzing...' : 'Analyze Meeting'}
    </Button>
  );
}
