import { saveAnalysis } from '../../db/repositories/video-outputs.js';
import type { Executor } from '../../db/repositories/executor.js';
import type { CityVideo } from '../../db/schema.js';
import { analysisResultsSchema } from '../../domain/analysis.js';
import type { Decision } from '../../domain/decisions.js';
import { verifyAnalysis } from '../../domain/quote-verification.js';
import { AppError } from '../../errors.js';
import { alreadyStored, callContextOf, done, type PipelineDeps, type StageOptions, type StageResult } from '../deps.js';
import type { StageVideo } from '../../db/repositories/stage-videos.js';
import { loadSegmentsForVideo } from '../segments.js';
import { NO_TRANSCRIPT_MESSAGE } from '../../domain/messages.js';


/** Stage 3: analyse the transcript and store the analysis with its quotes checked. */
export async function analyzeStage(
  deps: Pick<PipelineDeps, 'db' | 'analyzer'>,
  video: StageVideo,
  options: StageOptions = {},
): Promise<StageResult> {
  if (video.analysis_results && !options.force) return alreadyStored('analysis already stored');
  await options.onStart?.();
  const segments = await loadSegmentsForVideo(deps.db, video);
  const city = video.city;
  if (!video.transcript?.trim() || segments.length === 0) throw new AppError('BAD_INPUT', NO_TRANSCRIPT_MESSAGE);
  const analysis = await deps.analyzer.analyze(
    {
      segments,
      title: video.title,
      description: video.description,
      publishedAt: video.published_at?.toISOString() ?? null,
      cityName: city?.name ?? null,
    },
    callContextOf(options),
  );
  // An editor's corrections to the decisions stand until an editor changes them (issue 24):
  // a new analysis keeps them (still checked against the transcript as it is now).
  const edited = await editedDecisions(deps.db, video);
  await saveAnalysis(deps.db, video.id, verifyAnalysis(edited ? { ...analysis, decisions: edited } : analysis, segments));
  return done;
}

async function editedDecisions(db: Executor, video: CityVideo): Promise<Decision[] | null> {
  // Only an analysis already stored can carry an editor's corrections: a first analysis asks nothing.
  if (!video.analysis_results) return null;
  const edit = await db
    .selectFrom('story_revisions')
    .select('id')
    .where('city_video_id', '=', video.id)
    .where('target', '=', 'decisions')
    .where('action', '=', 'edited')
    .executeTakeFirst();
  if (!edit) return null;
  const current = analysisResultsSchema.safeParse(video.analysis_results);
  return current.success ? (current.data.decisions ?? null) : null;
}
