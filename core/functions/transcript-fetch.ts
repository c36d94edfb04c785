import type { Kysely } from 'kysely';
import { findVideoByAnyId, listVideoRowsByPlatformId, saveTranscriptText } from '../db/repositories/city-videos.js';
import { replaceSegments } from '../db/repositories/transcript-segments.js';
import { markStageFinished } from '../db/repositories/video-stages.js';
import type { DB } from '../db/schema.js';
import { segmentsToText } from '../domain/transcript.js';
import { isAppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { TranscriptSource } from '../ports/transcript-source.js';

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
 * admin screen to show. The text and its timed segments are saved on every stored row of that
 * video whose transcript no person has edited, so search and quote checks get the timings.
 */
export async function fetchAndSaveTranscript(
  deps: { db: Kysely<DB>; transcriptSource: TranscriptSource; logger: Logger },
  videoIdOrRecordId: string,
): Promise<TranscriptFetchResult> {
  const record = await findVideoByAnyId(deps.db, videoIdOrRecordId.trim());
  const platformId = record?.video_id ?? videoIdOrRecordId.trim();
  const started = performance.now();
  let segments;
  try {
    segments = await deps.transcriptSource.fetchTranscript(platformId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    deps.logger.info({ video: platformId, err: error.message }, 'transcript fetch failed');
    return { success: false, transcript: null, error: error.message, saved: 0 };
  }
  if (segments.length === 0) return { success: false, transcript: null, error: `No transcript text for video ${platformId}`, saved: 0 };
  const text = segmentsToText(segments);
  const rows = await listVideoRowsByPlatformId(deps.db, platformId);
  const targets = rows.filter((row) => row.transcript_edited_at === null).map((row) => row.id);
  await deps.db.transaction().execute(async (trx) => {
    for (const id of targets) {
      await saveTranscriptText(trx, id, text, { editedByPerson: false });
      await replaceSegments(trx, id, segments);
    }
  });
  for (const id of targets) await markStageFinished(deps.db, id, 'transcript', { status: 'done', durationMs: performance.now() - started });
  return { success: true, transcript: text, error: null, saved: targets.length };
}
