import { countSegments } from '../../db/repositories/transcript-segments.js';
import { findVideoById } from '../../db/repositories/city-videos.js';
import { saveFetchedTranscript } from '../../db/repositories/video-outputs.js';
import { segmentsToText } from '../../domain/transcript.js';
import { AppError } from '../../errors.js';
import type { CityVideo } from '../../db/schema.js';
import { alreadyStored, done, skipped, type PipelineDeps, type StageOptions, type StageResult } from '../deps.js';

/**
 * Stage 2: fetch the timed transcript and store its text and segments in one statement, so a
 * crash leaves either the old transcript or the new one, never half of one.
 */
export async function fetchTranscriptStage(
  deps: Pick<PipelineDeps, 'db' | 'transcriptSource'>,
  video: CityVideo,
  options: StageOptions = {},
): Promise<StageResult> {
  if (video.transcript_edited_at && !options.force) {
    return skipped('transcript was edited by a person; use --force to replace it');
  }
  if (video.transcript && !options.force && !options.refresh && (await countSegments(deps.db, video.id)) > 0) {
    return alreadyStored('transcript already stored');
  }
  await options.onStart?.();
  const segments = await deps.transcriptSource.fetchTranscript(video.video_id, options.signal ? { signal: options.signal } : {});
  if (segments.length === 0) throw new AppError('NOT_FOUND', `No transcript text for video ${video.video_id}`);
  const saved = await saveFetchedTranscript(deps.db, video.id, segmentsToText(segments), segments, { replaceEdited: options.force ?? false });
  // Kept: a person edited the transcript while we were fetching (or the video was deleted).
  if (!saved && !(await findVideoById(deps.db, video.id))) throw new AppError('NOT_FOUND', `Video ${video.id} was deleted during the run`);
  return done;
}
