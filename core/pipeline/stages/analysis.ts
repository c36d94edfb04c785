import { findCityById } from '../../db/repositories/cities.js';
import { saveAnalysis } from '../../db/repositories/city-videos.js';
import type { CityVideo } from '../../db/schema.js';
import { verifyAnalysis } from '../../domain/quote-verification.js';
import { AppError } from '../../errors.js';
import { callContextOf, done, skipped, type PipelineDeps, type StageOptions, type StageResult } from '../deps.js';
import { loadSegmentsForVideo } from '../segments.js';

export const NO_TRANSCRIPT_MESSAGE = 'Video must have a transcript to run analysis';

/** Stage 3: analyse the transcript and store the analysis with its quotes checked. */
export async function analyzeStage(
  deps: Pick<PipelineDeps, 'db' | 'analyzer'>,
  video: CityVideo,
  options: StageOptions = {},
): Promise<StageResult> {
  if (video.analysis_results && !options.force) return skipped('analysis already stored');
  await options.onStart?.();
  const [segments, city] = await Promise.all([loadSegmentsForVideo(deps.db, video), findCityById(deps.db, video.city_id)]);
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
  await saveAnalysis(deps.db, video.id, verifyAnalysis(analysis, segments));
  return done;
}
