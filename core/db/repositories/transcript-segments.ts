import type { TranscriptSegment } from '../../domain/transcript.js';
import type { Executor } from './executor.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 6 per row. */
const BATCH = 1000;

/** Replace a video's segments (call inside the transaction that saves its transcript). */
export async function replaceSegments(db: Executor, cityVideoId: string, segments: readonly TranscriptSegment[]): Promise<void> {
  await db.deleteFrom('transcript_segments').where('city_video_id', '=', cityVideoId).execute();
  for (let offset = 0; offset < segments.length; offset += BATCH) {
    const rows = segments.slice(offset, offset + BATCH).map((segment, index) => ({
      city_video_id: cityVideoId,
      seq: offset + index,
      start_ms: segment.start_ms,
      end_ms: Math.max(segment.end_ms, segment.start_ms),
      speaker: segment.speaker,
      text: segment.text,
    }));
    await db.insertInto('transcript_segments').values(rows).execute();
  }
}

export function listSegments(db: Executor, cityVideoId: string): Promise<TranscriptSegment[]> {
  return db
    .selectFrom('transcript_segments')
    .select(['start_ms', 'end_ms', 'speaker', 'text'])
    .where('city_video_id', '=', cityVideoId)
    .orderBy('seq')
    .execute();
}

export async function countSegments(db: Executor, cityVideoId: string): Promise<number> {
  const row = await db
    .selectFrom('transcript_segments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('city_video_id', '=', cityVideoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
