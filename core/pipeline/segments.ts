import { listSegments } from '../db/repositories/transcript-segments.js';
import type { Executor } from '../db/repositories/executor.js';
import type { CityVideo } from '../db/schema.js';
import { parseTranscriptFile } from '../domain/transcript-formats.js';
import type { TranscriptSegment } from '../domain/transcript.js';

/**
 * The segments a video's analysis works from: the stored timed segments, or, for a
 * transcript a person pasted in without timings, segments cut from its text (their times
 * are estimates from word position, which verification still reports).
 */
export async function loadSegmentsForVideo(db: Executor, video: Pick<CityVideo, 'id' | 'transcript' | 'transcript_edited_at'>): Promise<TranscriptSegment[]> {
  const stored = await listSegments(db, video.id);
  if (stored.length > 0 && !video.transcript_edited_at) return stored;
  if (!video.transcript?.trim()) return stored;
  return parseTranscriptFile(video.transcript, { filename: 'transcript.txt' }).segments;
}
