import { findVideoByAnyId, listVideoRowsByPlatformId } from '../db/repositories/city-videos.js';
import { segmentsToText, type TranscriptSegment } from '../domain/transcript.js';
import { isAppError } from '../errors.js';
import { runLockedStages } from '../pipeline/locked-stages.js';
import type { TranscriptSource } from '../ports/transcript-source.js';
import type { FunctionsDeps } from './functions-service.js';

export interface TranscriptFetchResult {
  success: boolean;
  transcript: string | null;
  error: string | null;
  /** How many stored videos got the transcript (those with a person's edit keep theirs). */
  saved: number;
}

/**
 * fetchYoutubeTranscript (spec §7): the captions of a video as text. Missing captions,
 * throttling or an unreachable platform come back as `success: false` with the reason, for the
 * admin screen to show. Every stored row of that video then runs its transcript stage (under
 * its lock, with its bookkeeping) on the fetched captions, so search and quote checks get the
 * timings; the stage keeps a transcript a person edited.
 */
export async function fetchAndSaveTranscript(deps: FunctionsDeps, videoIdOrRecordId: string): Promise<TranscriptFetchResult> {
  const record = await findVideoByAnyId(deps.db, videoIdOrRecordId.trim());
  const platformId = record?.video_id ?? videoIdOrRecordId.trim();
  const captions = fetchedOnce(deps.transcriptSource);
  let segments;
  try {
    segments = await captions.fetchTranscript(platformId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    deps.logger.info({ video: platformId, err: error.message }, 'transcript fetch failed');
    return { success: false, transcript: null, error: error.message, saved: 0 };
  }
  if (segments.length === 0) return { success: false, transcript: null, error: `No transcript text for video ${platformId}`, saved: 0 };
  const text = segmentsToText(segments);
  let saved = 0;
  for (const row of await listVideoRowsByPlatformId(deps.db, platformId)) {
    const stored = await runLockedStages({ ...deps, transcriptSource: captions }, row.id, [{ stage: 'transcript', refresh: true }], {
      ...(deps.busyWait ? { busyWait: deps.busyWait } : {}),
    });
    if (stored.transcript_edited_at === null && stored.transcript === text) saved += 1;
  }
  return { success: true, transcript: text, error: null, saved };
}

/** The captions are fetched once per call, however many city rows share the video. */
function fetchedOnce(source: TranscriptSource): TranscriptSource {
  const fetched = new Map<string, Promise<TranscriptSegment[]>>();
  return {
    fetchTranscript(videoId, options) {
      const known = fetched.get(videoId);
      if (known) return known;
      const fetching = source.fetchTranscript(videoId, options);
      fetched.set(videoId, fetching);
      return fetching;
    },
  };
}
