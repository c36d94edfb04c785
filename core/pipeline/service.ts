import { listCities, findCityById, findCityByKey } from '../db/repositories/cities.js';
import { findVideoByAnyId } from '../db/repositories/city-videos.js';
import { findUrlById, listCityIdsForUrl } from '../db/repositories/city-urls.js';
import type { Engine } from '../db/database.js';
import type { City, CityVideo } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { PipelineDeps } from './deps.js';
import { RUN_STAGES, type PipelineEvent, type RunStage, type VideoStageName } from './progress.js';
import { runPipeline, type RunSummary } from './run.js';

export interface RunControls {
  concurrency?: number;
  force?: boolean;
  dryRun?: boolean;
  maxCostUsd?: number;
  onEvent?: (event: PipelineEvent) => void;
  signal?: AbortSignal;
}

export interface IngestRequest extends RunControls {
  cityKey: string;
  sourceId?: string;
  since?: Date;
  limit?: number;
  stages?: RunStage[];
}

export interface BatchRequest extends RunControls {
  status: string;
  since?: Date;
  limit?: number;
  stages?: RunStage[];
}

export const DEFAULT_CONCURRENCY = 4;

/** The pipeline's front: resolves what the operator named, then runs the stages. */
export function createPipelineService(deps: PipelineDeps & { engine: Engine }) {
  async function ingest(request: IngestRequest): Promise<RunSummary> {
    const city = await findCityByKey(deps.db, request.cityKey);
    if (!city) throw new AppError('NOT_FOUND', `Unknown city "${request.cityKey}" (civic city list shows the cities)`);
    if (request.sourceId) await requireSourceOfCity(city, request.sourceId);
    return runPipeline(deps, {
      command: 'ingest',
      cities: [city],
      stages: request.stages ?? [...RUN_STAGES],
      concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
      ...pick(request),
      ...(request.sourceId ? { sourceId: request.sourceId } : {}),
    });
  }

  async function batch(request: BatchRequest): Promise<RunSummary> {
    const cities = await listCities(deps.db, { status: request.status });
    return runPipeline(deps, {
      command: 'batch',
      cities,
      stages: request.stages ?? [...RUN_STAGES],
      concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
      ...pick(request),
    });
  }

  /** `civic transcript|analyze|story <video>`: one video, the named stages (plus verify after model work). */
  async function processVideo(idOrVideoId: string, stages: VideoStageName[], controls: RunControls = {}): Promise<{ video: CityVideo; summary: RunSummary }> {
    const video = await requireVideo(idOrVideoId);
    const city = await findCityById(deps.db, video.city_id);
    if (!city) throw new AppError('NOT_FOUND', `Video ${idOrVideoId} has no city`);
    const summary = await runPipeline(deps, {
      command: stages.join('+'),
      cities: [city],
      videoIds: [video.id],
      stages,
      concurrency: 1,
      ...pick(controls),
    });
    return { video: (await findVideoByAnyId(deps.db, video.id)) ?? video, summary };
  }

  async function requireVideo(idOrVideoId: string): Promise<CityVideo> {
    const video = await findVideoByAnyId(deps.db, idOrVideoId);
    if (!video) throw new AppError('NOT_FOUND', `Unknown video "${idOrVideoId}" (civic video show lists a city's videos)`);
    return video;
  }

  async function requireSourceOfCity(city: City, sourceId: string): Promise<void> {
    const source = /^[0-9a-f-]{36}$/i.test(sourceId) ? await findUrlById(deps.db, sourceId) : undefined;
    if (!source || !(await listCityIdsForUrl(deps.db, source.id)).includes(city.id)) {
      throw new AppError('NOT_FOUND', `Unknown source "${sourceId}" for ${city.location_key} (civic source list --city ${city.location_key})`);
    }
  }

  return { ingest, batch, processVideo, requireVideo };
}

export type PipelineService = ReturnType<typeof createPipelineService>;

function pick(controls: RunControls & { since?: Date; limit?: number }) {
  return {
    ...(controls.since ? { since: controls.since } : {}),
    ...(controls.limit ? { limit: controls.limit } : {}),
    ...(controls.force ? { force: true } : {}),
    ...(controls.dryRun ? { dryRun: true } : {}),
    ...(controls.maxCostUsd !== undefined ? { maxCostUsd: controls.maxCostUsd } : {}),
    ...(controls.onEvent ? { onEvent: controls.onEvent } : {}),
    ...(controls.signal ? { signal: controls.signal } : {}),
  };
}
