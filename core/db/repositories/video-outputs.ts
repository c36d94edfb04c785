/**
 * What the pipeline's stages store on a meeting (city_videos): its transcript text, its analysis
 * and its story, written as a draft while a city that reviews stories has not approved it.
 */
import { sql } from 'kysely';
import type { AnalysisResults } from '../../domain/analysis.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import type { Executor } from './executor.js';

/**
 * Fetched captions: the transcript's text and its segments, in one statement (atomic by
 * itself, and one round trip where a transaction took six: issue 26). Unless `replaceEdited`,
 * a transcript a person edited meanwhile is kept, checked as the row is written. Segments
 * past the new ones' count go; the others are written over in place (ON CONFLICT: a delete
 * and an insert of the same keys in one statement could meet in either order). Answers
 * whether it was saved.
 */
export async function saveFetchedTranscript(
  db: Executor,
  id: string,
  transcript: string,
  segments: readonly TranscriptSegment[],
  options: { replaceEdited: boolean },
): Promise<boolean> {
  const { rows } = await sql<{ saved: boolean }>`
    with saved as (
      update city_videos set transcript = ${transcript}, updated_at = ${new Date()}, transcript_edited_at = null
       where id = ${id} and (transcript_edited_at is null or ${options.replaceEdited})
      returning id),
    cut as (
      delete from transcript_segments where city_video_id in (select id from saved) and seq >= ${segments.length}),
    written as (
      insert into transcript_segments (city_video_id, seq, start_ms, end_ms, speaker, text)
      select saved.id, s.seq - 1, s.start_ms, greatest(s.end_ms, s.start_ms), s.speaker, s.text
        from saved, unnest(${segments.map((each) => each.start_ms)}::int[], ${segments.map((each) => each.end_ms)}::int[],
                           ${segments.map((each) => each.speaker)}::text[], ${segments.map((each) => each.text)}::text[])
                    with ordinality as s(start_ms, end_ms, speaker, text, seq)
      on conflict (city_video_id, seq) do update set start_ms = excluded.start_ms, end_ms = excluded.end_ms, speaker = excluded.speaker, text = excluded.text)
    select exists (select 1 from saved) as saved`.execute(db);
  return rows[0]?.saved ?? false;
}

export async function saveAnalysis(db: Executor, id: string, analysis: AnalysisResults): Promise<void> {
  await db
    .updateTable('city_videos')
    .set({ analysis_results: JSON.stringify(analysis), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * A newly written story (issue 24): published at once, or, in a city that reviews stories, kept
 * as the draft while the public keeps reading the story it had. Either way the new text is the
 * machine's, so nobody has edited it and (when published) nobody has reviewed it.
 */
export async function saveWrittenStory(db: Executor, id: string, story: string, generatedAt: Date, asDraft: boolean): Promise<void> {
  await db
    .updateTable('city_videos')
    .set(
      asDraft
        ? { draft_story: story, draft_generated_at: generatedAt, story_edited_at: null, updated_at: new Date() }
        : {
            news_story: story,
            story_generated_at: generatedAt,
            draft_story: null,
            draft_generated_at: null,
            story_edited_at: null,
            story_reviewed_at: null,
            story_reviewed_by: null,
            updated_at: new Date(),
          },
    )
    .where('id', '=', id)
    .execute();
}

/**
 * The verify stage's re-check of the analysis, the story and a waiting draft, in one statement
 * (all or nothing, without a transaction's two more round trips: issue 26). A draft is written
 * only while there still is one, and it does not move `updated_at`, as a story's check does.
 */
export async function saveVerification(
  db: Executor,
  id: string,
  checked: { analysis?: AnalysisResults; story?: { text: string; generatedAt: Date }; draft?: string },
): Promise<void> {
  const { analysis, story, draft } = checked;
  if (!analysis && !story && draft === undefined) return;
  await db
    .updateTable('city_videos')
    .set((eb) => ({
      ...(analysis ? { analysis_results: JSON.stringify(analysis) } : {}),
      ...(story ? { news_story: story.text, story_generated_at: story.generatedAt } : {}),
      ...(analysis || story ? { updated_at: new Date() } : {}),
      ...(draft !== undefined ? { draft_story: eb.case().when('draft_story', 'is not', null).then(draft).else(eb.ref('draft_story')).end() } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
