import { saveWrittenStory } from '../../db/repositories/video-outputs.js';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { withoutEditorContext } from '../../domain/editor-context.js';
import { verifyStory } from '../../domain/quote-verification.js';
import { AppError } from '../../errors.js';
import { alreadyStored, callContextOf, done, skipped, type PipelineDeps, type StageOptions, type StageResult } from '../deps.js';
import type { StageVideo } from '../../db/repositories/stage-videos.js';
import { loadSegmentsForVideo } from '../segments.js';
import { NO_ANALYSIS_MESSAGE } from '../../domain/messages.js';


export interface StoryStageOptions extends StageOptions {
  additionalContext?: string | null;
  /** A forced rewrite replaces a story a person edited only when asked to (issue 24). */
  replaceEdited?: boolean;
}

export const EDITED_STORY_KEPT = 'a person edited this story; rewrite it only when asked to replace the edit';

/** Stage 4: write the news story from the analysis and store it (published, or a draft under review). */
export async function writeStoryStage(
  deps: Pick<PipelineDeps, 'db' | 'analyzer'>,
  video: StageVideo,
  options: StoryStageOptions = {},
): Promise<StageResult> {
  if ((video.news_story || video.draft_story !== null) && !options.force) return alreadyStored('story already stored');
  // A batch run with --force does not wipe an editor's work across hundreds of meetings.
  if (video.story_edited_at && !options.replaceEdited) return skipped(EDITED_STORY_KEPT);
  await options.onStart?.();
  const parsed = analysisResultsSchema.safeParse(video.analysis_results);
  if (!video.analysis_results || !parsed.success) throw new AppError('BAD_INPUT', NO_ANALYSIS_MESSAGE);
  const segments = await loadSegmentsForVideo(deps.db, video);
  const city = video.city;
  const story = await deps.analyzer.writeStory(
    {
      analysis: parsed.data,
      segments,
      title: video.title,
      description: video.description,
      cityName: city?.name ?? null,
      publishedAt: video.published_at?.toISOString() ?? null,
      additionalContext: options.additionalContext ?? null,
    },
    callContextOf(options),
  );
  // Whatever the writer (offline or the model) did with the editor's context, none of it is published.
  const published = withoutEditorContext(story, options.additionalContext);
  // A city that reviews its stories gets a draft; its readers keep the story they had until an editor approves.
  await saveWrittenStory(deps.db, video.id, JSON.stringify(verifyStory(published, segments)), new Date(), city?.story_review === true);
  return done;
}
