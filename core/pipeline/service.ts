import { readStatus } from '../cities/city-input.js';
import { resolveCity } from '../cities/city-service.js';
import { findCityById, listCities } from '../db/repositories/cities.js';
import { findVideoById } from '../db/repositories/city-videos.js';
import type { Engine } from '../db/database.js';
import type { CityVideo } from '../db/schema.js';
import { AppError } from '../errors.js';
import { resolveSourceOfCity } from '../sources/source-service.js';
import { resolveVideo } from '../videos/resolve-video.js';
import type { PipelineDeps } from './deps.js';
import { RUN_STAGES, type PipelineEvent, type VideoStageName } from './progress.js';
import { pickRunOptions, type RunOptions } from './run-options.js';
import { runPipeline, type RunSummary } from './run.js';

export interface RunControls extends Omit<RunOptions, 'since' | 'limit' | 'stages'> {
  onEvent?: (event: PipelineEvent) => void;
  /** Stop: start nothing new (runPipeline's RunRequest.signal). */
  signal?: AbortSignal;
  /** Abandon the work in flight too (RunRequest.abortSignal). */
  abortSignal?: AbortSignal;
}

export interface IngestRequest extends RunControls, RunOptions {
  cityKey: string;
  sourceId?: string;
}

export interface BatchRequest extends RunControls, RunOptions {
  status: string;
}

const DEFAULT_CONCURRENCY = 4;

/** The pipeline's front: resolves what the operator named, then runs the stages. */
export function createPipelineService(deps: PipelineDeps & { engine: Engine }) {
  async function ingest(request: IngestRequest): Promise<RunSummary> {
    const city = await resolveCity(deps.db, request.cityKey);
    if (request.sourceId) await resolveSourceOfCity(deps.db, city, request.sourceId);
    return runPipeline(deps, {
      command: 'ingest',
      cities: [city],
      ...pick(request),
      stages: request.stages ?? [...RUN_STAGES],
      concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
      ...(request.sourceId ? { sourceId: request.sourceId } : {}),
    });
  }

  async function batch(request: BatchRequest): Promise<RunSummary> {
    // 'live' is Live: cron lines are typed by hand.
    const cities = await listCities(deps.db, { status: readStatus(request.status) });
    return runPipeline(deps, {
      command: 'batch',
      cities,
      ...pick(request),
      stages: request.stages ?? [...RUN_STAGES],
      concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
    });
  }

  /** `civic transcript|analyze|story <video>` (our id, YouTube id or link): one video, the named stages (plus verify after model work). */
  async function processVideo(idOrVideoId: string, stages: VideoStageName[], controls: RunControls = {}): Promise<{ video: CityVideo; summary: RunSummary }> {
    const video = await resolveVideo(deps.db, idOrVideoId);
    const city = await findCityById(deps.db, video.city_id);
    if (!city) throw new AppError('NOT_FOUND', `Video ${idOrVideoId} has no city`);
    const summary = await runPipeline(deps, {
      command: stages.join('+'),
      cities: [city],
      videoIds: [video.id],
      ...pick(controls),
      stages,
      concurrency: 1,
    });
    return { video: (await findVideoById(deps.db, video.id)) ?? video, summary };
  }

  return { ingest, batch, processVideo };
}

export type PipelineService = ReturnType<typeof createPipelineService>;

/** The run options asked for, and the caller's event sink and stop signals. */
function pick(controls: RunControls & RunOptions) {
  return {
    ...pickRunOptions(controls),
    ...(controls.onEvent ? { onEvent: controls.onEvent } : {}),
    ...(controls.signal ? { signal: controls.signal } : {}),
    ...(controls.abortSignal ? { abortSignal: controls.abortSignal } : {}),
  };
}
