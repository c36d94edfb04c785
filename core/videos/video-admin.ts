import { findCityById } from '../db/repositories/cities.js';
import {
  deleteVideo as deleteVideoRow,
  listVideosForAdmin,
  updateVideoFields,
  type AdminVideoRow,
  type VideoFieldChanges,
} from '../db/repositories/city-videos.js';
import { sumLlmUsageByVideo, type VideoLlmUsage } from '../db/repositories/llm-calls.js';
import { countSegments, replaceSegments } from '../db/repositories/transcript-segments.js';
import { listStagesForVideo, listStagesForVideos, markStagesStale } from '../db/repositories/video-stages.js';
import type { Engine } from '../db/database.js';
import type { CityVideo, VideoStage } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';
import { parseTranscriptFile, TranscriptFormatError } from '../domain/transcript-formats.js';
import type { TranscriptSegment } from '../domain/transcript.js';
import { AppError, isAppError, notFoundError } from '../errors.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { runLockedStages } from '../pipeline/locked-stages.js';
import { cityRefOf, resolveVideo, type CityRef } from './resolve-video.js';

const ADMIN_VIDEO_LIMIT = 500;

export interface AdminVideoQuery {
  cityId?: string | undefined;
  urlId?: string | undefined;
  order?: 'published' | 'created' | undefined;
}

export interface VideoEdit {
  title?: string | null | undefined;
  description?: string | null | undefined;
  transcript?: string | null | undefined;
}

export interface AdminVideoDetails {
  video: CityVideo;
  city: CityRef | null;
  segments: number;
  stages: VideoStage[];
}

export interface PipelineVideo extends AdminVideoRow {
  stages: Pick<VideoStage, 'stage' | 'status' | 'attempts' | 'last_error' | 'finished_at' | 'duration_ms'>[];
  usage: Omit<VideoLlmUsage, 'city_video_id'>;
}

const NO_USAGE = { calls: 0, failed_calls: 0, offline_calls: 0, tokens_in: 0, tokens_out: 0, cost_usd: 0 };
/** An admin's save does not wait for a run: the run's own verify stage checks the quotes. */
const NO_WAIT = { waitMs: 0, pollMs: 0 };

/** Content management (spec §2 screen 15): list, read, edit and delete meeting videos; part of the video service. */
export function createVideoAdmin(deps: PipelineDeps & { engine: Engine }) {
  const { db } = deps;

  function listVideos(query: AdminVideoQuery): Promise<AdminVideoRow[]> {
    for (const id of [query.cityId, query.urlId]) if (id !== undefined && !isUuid(id)) throw new AppError('BAD_INPUT', `Invalid id "${id}"`);
    return listVideosForAdmin(db, {
      ...(query.cityId ? { cityId: query.cityId } : {}),
      ...(query.urlId ? { sourceId: query.urlId } : {}),
      order: query.order ?? 'created',
      limit: ADMIN_VIDEO_LIMIT,
    });
  }

  async function getVideo(ref: string): Promise<AdminVideoDetails> {
    const video = await resolveVideo(db, ref);
    const [city, segments, stages] = await Promise.all([findCityById(db, video.city_id), countSegments(db, video.id), listStagesForVideo(db, video.id)]);
    return { video, city: cityRefOf(city), segments, stages };
  }

  /**
   * A title or description a person changes is theirs (re-discovery keeps it). A transcript a
   * person changes is marked edited (the pipeline never overwrites it), its segments are re-cut
   * from the new text, the stages built on it are marked stale, and the stored quotes are
   * checked again against the new text.
   */
  async function updateVideo(ref: string, edit: VideoEdit): Promise<AdminVideoDetails> {
    if (edit.title === undefined && edit.description === undefined && edit.transcript === undefined) throw new AppError('BAD_INPUT', 'Nothing to update');
    const current = await resolveVideo(db, ref);
    const changes: VideoFieldChanges = {};
    if (edit.title !== undefined) changes.title = blankToNull(edit.title);
    if (edit.description !== undefined) changes.description = blankToNull(edit.description);
    if (changes.title !== undefined || changes.description !== undefined) changes.details_edited_at = new Date();
    const transcript = edit.transcript === undefined ? undefined : blankToNull(edit.transcript);
    const transcriptChanged = transcript !== undefined && transcript !== blankToNull(current.transcript);
    const segments = transcriptChanged && transcript !== null ? segmentsOf(transcript) : [];
    if (transcriptChanged) {
      changes.transcript = transcript;
      // Cleared by a person: let the pipeline fetch the captions again.
      changes.transcript_edited_at = transcript === null ? null : new Date();
    }
    await db.transaction().execute(async (trx) => {
      if (!(await updateVideoFields(trx, current.id, changes))) throw notFoundError('video', current.id, 'Video not found');
      if (!transcriptChanged) return;
      await replaceSegments(trx, current.id, segments);
      await markStagesStale(trx, current.id, ['analysis', 'story', 'verify']);
    });
    if (transcriptChanged) await verifyUnlessBusy(current.id);
    return getVideo(current.id);
  }

  async function verifyUnlessBusy(cityVideoId: string): Promise<void> {
    try {
      await runLockedStages(deps, cityVideoId, [{ stage: 'verify' }], { busyWait: NO_WAIT });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'CONFLICT') throw error;
    }
  }

  async function deleteVideo(ref: string): Promise<void> {
    const video = await resolveVideo(db, ref);
    await deleteVideoRow(db, video.id);
  }

  /** Per video: stage status, failures and model cost (the admin pipeline view). */
  async function pipelineVideos(query: AdminVideoQuery): Promise<PipelineVideo[]> {
    const videos = await listVideos({ ...query, order: query.order ?? 'published' });
    const ids = videos.map((video) => video.id);
    const [stages, usage] = await Promise.all([listStagesForVideos(db, ids), sumLlmUsageByVideo(db, ids)]);
    return videos.map((video) => {
      const { city_video_id: _id, ...spent } = usage.find((row) => row.city_video_id === video.id) ?? { city_video_id: video.id, ...NO_USAGE };
      return {
        ...video,
        stages: stages
          .filter((stage) => stage.city_video_id === video.id)
          .map(({ stage, status, attempts, last_error, finished_at, duration_ms }) => ({ stage, status, attempts, last_error, finished_at, duration_ms })),
        usage: spent,
      };
    });
  }

  return { listVideos, getVideo, updateVideo, deleteVideo, pipelineVideos };
}

function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

function segmentsOf(transcript: string): TranscriptSegment[] {
  try {
    return parseTranscriptFile(transcript, { filename: 'transcript.txt' }).segments;
  } catch (error) {
    if (error instanceof TranscriptFormatError) throw new AppError('BAD_INPUT', `Transcript not saved: ${error.message}`);
    throw error;
  }
}
