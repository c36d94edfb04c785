import PQueue from 'p-queue';
import type { Engine } from '../db/database.js';
import { resolveCity } from '../cities/city-service.js';
import { findCityById } from '../db/repositories/cities.js';
import { findCityUrlByAddress } from '../db/repositories/city-urls.js';
import type { CityVideo } from '../db/schema.js';
import { analysisResultsSchema, type AnalysisResults } from '../domain/analysis.js';
import { parseStoredStory, type NewsStory } from '../domain/news-story.js';
import { EDITED_STORY_REGENERATE } from '../domain/newsroom.js';
import { AppError } from '../errors.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { runLockedStages, type BusyWait } from '../pipeline/locked-stages.js';
import { discoverAndRecordSource } from '../pipeline/source-discovery.js';
import type { StageRequest } from '../pipeline/video-stage.js';
import { readNewSource } from '../sources/source-input.js';
import { resolveVideo } from '../videos/resolve-video.js';
import type { QueueService } from '../queue/queue-service.js';
import { createSingleFlight } from './single-flight.js';
import { fetchAndSaveTranscript, type TranscriptFetchResult } from './transcript-fetch.js';
import { NO_ANALYSIS_MESSAGE, NO_TRANSCRIPT_MESSAGE, URL_REQUIRED_MESSAGE } from '../domain/messages.js';

/** Model-backed function runs in flight per process (further callers queue). */
const MODEL_RUNS_AT_ONCE = 4;

/** Spec §5: refresh videos needs a URL. */

export interface FunctionsDeps extends PipelineDeps {
  engine: Engine;
  /** How long a call waits for a pipeline run that holds the video (tests shorten it). */
  busyWait?: BusyWait;
  /**
   * With CIVIC_QUEUE=1: stages and refreshes run as jobs on the workers, so the single-flight
   * promise holds across every server process (the job's key is the video or source).
   */
  viaQueue?: Pick<QueueService, 'runStageAndWait' | 'discoverAndWait'>;
}

export interface AnalyzeRequest {
  recordId: string;
  /** Redo an analysis that exists (admins); visitors get the stored one. */
  force?: boolean;
}

export interface StoryRequest {
  recordId: string;
  force?: boolean;
  /** Extra instructions for the writer (the admin tool's field). */
  additionalContext?: string | null;
  /** The caller confirmed replacing a story a person edited (issue 24). */
  replaceEdited?: boolean;
}

/** A written story, and whether it waits for an editor's review (its city reviews stories). */
export interface WrittenStory {
  story: NewsStory;
  draft: boolean;
}

export interface RefreshResult {
  source: { id: string; url: string };
  found: number;
  inserted: number;
}

/**
 * The four serverless functions of spec §7 over the pipeline's stages. The model-backed two
 * may be triggered by any visitor (spec §4 auto-analysis), so each is single-flight per
 * video: while a run is in flight every other caller waits for it and gets its result, and
 * once stored the result is returned without another model call.
 */
export function createFunctionsService(deps: FunctionsDeps) {
  const analyses = createSingleFlight<CityVideo>();
  // On PostgreSQL each run holds a pooled connection for its video lock while the model works:
  // a few at a time leaves the rest of the pool to the site's other requests.
  const modelRuns = new PQueue({ concurrency: MODEL_RUNS_AT_ONCE });
  const stories = createSingleFlight<CityVideo>();

  async function analyzeVideoTranscript(request: AnalyzeRequest): Promise<{ analysis: AnalysisResults }> {
    let video = await requireVideo(request.recordId);
    if (!storedAnalysis(video) || request.force) {
      if (!video.transcript?.trim()) throw new AppError('BAD_INPUT', NO_TRANSCRIPT_MESSAGE);
      const force = request.force === true;
      video = await analyses.run(video.id, () =>
        // A visitor is content with an analysis another worker stored meanwhile; an admin's redo is not.
        runModelStage(video.id, { stage: 'analysis', force }, force ? undefined : (current) => storedAnalysis(current) !== null),
      );
    }
    const analysis = storedAnalysis(video);
    if (!analysis) throw new AppError('INTERNAL', `Video ${video.id} has no analysis after the run`);
    return { analysis };
  }

  async function writeTranscriptStory(request: StoryRequest): Promise<WrittenStory> {
    let video = await requireVideo(request.recordId);
    if (!writtenStory(video) || request.force) {
      if (!storedAnalysis(video)) throw new AppError('BAD_INPUT', NO_ANALYSIS_MESSAGE);
      // A person's edits are not replaced without asking (they stay in the story's history either way).
      if (video.story_edited_at && !request.replaceEdited) throw new AppError('CONFLICT', EDITED_STORY_REGENERATE);
      // A plain-text story from elsewhere is replaced: callers expect the structured one.
      const force = request.force === true || video.news_story !== null;
      video = await stories.run(video.id, () =>
        runModelStage(
          video.id,
          { stage: 'story', force, additionalContext: request.additionalContext ?? null, replaceEdited: request.replaceEdited === true },
          request.force === true ? undefined : (current) => writtenStory(current) !== null,
        ),
      );
    }
    const written = writtenStory(video);
    if (!written) throw new AppError('INTERNAL', `Video ${video.id} has no story after the run`);
    return written;
  }

  function fetchYoutubeTranscript(request: { videoId: string }): Promise<TranscriptFetchResult> {
    return fetchAndSaveTranscript(deps, request.videoId);
  }

  /** Discovers a city source's videos into the city (the admin's refresh button). */
  async function fetchYoutubeVideos(request: { url: string; cityId: string }): Promise<RefreshResult> {
    const address = request.url.trim();
    if (!address) throw new AppError('BAD_INPUT', URL_REQUIRED_MESSAGE);
    const city = await resolveCity(deps.db, request.cityId);
    const source = (await findCityUrlByAddress(deps.db, city.id, address)) ?? (await findCityUrlByAddress(deps.db, city.id, normalized(address)));
    if (!source) throw new AppError('NOT_FOUND', `${address} is not a source of ${city.name}; add it to the city's URLs first`);
    if (deps.viaQueue) return { source: { id: source.id, url: source.url }, ...(await deps.viaQueue.discoverAndWait(city, source.id)) };
    return { source: { id: source.id, url: source.url }, ...(await discoverAndRecordSource(deps, city, source)) };
  }

  async function runModelStage(cityVideoId: string, stage: Omit<StageRequest, 'runId'>, ready?: (video: CityVideo) => boolean): Promise<CityVideo> {
    if (deps.viaQueue) {
      const video = await requireVideo(cityVideoId);
      const city = await findCityById(deps.db, video.city_id);
      await deps.viaQueue.runStageAndWait(video.id, city?.location_key ?? video.city_id, stage);
      return requireVideo(cityVideoId);
    }
    const options = { ...(deps.busyWait ? { busyWait: deps.busyWait } : {}), ...(ready ? { ready } : {}) };
    const video = await modelRuns.add(() => runLockedStages(deps, cityVideoId, [stage], options));
    // A meeting analysed from its page tells its alerts now; the visitor does not wait for the mail
    // (publishSoon never fails, and closing core waits for it).
    void deps.afterVideo?.(cityVideoId);
    return video;
  }

  const requireVideo = (recordId: string) => resolveVideo(deps.db, recordId);

  return { analyzeVideoTranscript, writeTranscriptStory, fetchYoutubeTranscript, fetchYoutubeVideos };
}

export type FunctionsService = ReturnType<typeof createFunctionsService>;

function storedAnalysis(video: CityVideo): AnalysisResults | null {
  if (!video.analysis_results) return null;
  const parsed = analysisResultsSchema.safeParse(video.analysis_results);
  return parsed.success ? parsed.data : null;
}

/** The newest written story: the draft waiting for review, else the published one. */
function writtenStory(video: CityVideo): WrittenStory | null {
  const draft = parseStoredStory(video.draft_story);
  if (draft?.kind === 'json') return { story: draft.story, draft: true };
  const story = parseStoredStory(video.news_story);
  return story?.kind === 'json' ? { story: story.story, draft: false } : null;
}

function normalized(address: string): string {
  try {
    return readNewSource({ url: address }).url;
  } catch {
    return address;
  }
}
