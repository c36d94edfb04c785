import { saveVerification } from '../../db/repositories/video-outputs.js';
import { findStage } from '../../db/repositories/video-stages.js';
import type { CityVideo } from '../../db/schema.js';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { parseStoredStory } from '../../domain/news-story.js';
import { buildTranscriptIndex, verifyAnalysis, verifyStory } from '../../domain/quote-verification.js';
import { done, skipped, type PipelineDeps, type StageOptions, type StageResult } from '../deps.js';
import { loadSegmentsForVideo } from '../segments.js';

/**
 * Whether the last verification still stands: it finished after the video's row last changed.
 * Every write of what verification reads (analysis, story, draft, transcript, a person's edit)
 * moves `updated_at`, and an edited transcript also marks verify pending; verification's own
 * writes come before its row is marked done. Without this, every nightly rerun re-read every
 * transcript it ever verified, so the night's work grew with the archive (issue 26).
 */
async function stillVerified(deps: Pick<PipelineDeps, 'db'>, video: CityVideo): Promise<boolean> {
  const row = await findStage(deps.db, video.id, 'verify');
  return row?.status === 'done' && row.finished_at !== null && row.finished_at.getTime() >= video.updated_at.getTime();
}

/**
 * Stage 5: check every quote of the stored analysis and story against the transcript as it
 * is now (it may have been edited since), recording verified / paraphrased / unverified and
 * the second each was said. Unverified quotes stay in the record, flagged. A video verified
 * since it last changed is skipped unless forced.
 */
export async function verifyStage(deps: Pick<PipelineDeps, 'db'>, video: CityVideo, options: StageOptions = {}): Promise<StageResult> {
  const analysis = analysisResultsSchema.safeParse(video.analysis_results);
  const story = parseStoredStory(video.news_story);
  const draft = parseStoredStory(video.draft_story);
  if (!analysis.success && story?.kind !== 'json' && draft?.kind !== 'json') return skipped('nothing to verify yet');
  if (!options.force && (await stillVerified(deps, video))) return skipped('verified since it last changed');
  await options.onStart?.();
  const segments = await loadSegmentsForVideo(deps.db, video);
  const index = buildTranscriptIndex(segments);
  await saveVerification(deps.db, video.id, {
    ...(analysis.success ? { analysis: verifyAnalysis(analysis.data, index) } : {}),
    ...(story?.kind === 'json' ? { story: { text: JSON.stringify(verifyStory(story.story, index)), generatedAt: video.story_generated_at ?? new Date() } } : {}),
    ...(draft?.kind === 'json' ? { draft: JSON.stringify(verifyStory(draft.story, index)) } : {}),
  });
  return done;
}
