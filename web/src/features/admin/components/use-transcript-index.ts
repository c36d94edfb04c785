import { useMemo } from 'react';
import { buildTranscriptIndex, type TranscriptIndex } from '@domain/quote-verification.js';
import { useTranscriptSegments } from '../api/segments.js';
import { segmentsForChecking } from './quote-check.js';

export type TranscriptIndexState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; index: TranscriptIndex };

/** The meeting's transcript indexed once, for checking quotes at every keystroke. */
export function useTranscriptIndex(video: { id: string; transcript: string | null; transcript_edited_at: string | null }): TranscriptIndexState {
  const segments = useTranscriptSegments(video.id, true);
  const { transcript, transcript_edited_at } = video;
  return useMemo((): TranscriptIndexState => {
    if (segments.data) return { status: 'ready', index: buildTranscriptIndex(segmentsForChecking({ transcript, transcript_edited_at }, segments.data)) };
    return segments.isError ? { status: 'failed' } : { status: 'loading' };
  }, [segments.data, segments.isError, transcript, transcript_edited_at]);
}
