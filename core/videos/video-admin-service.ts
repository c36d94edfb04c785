import type { Kysely } from 'kysely';
import { findCityById } from '../db/repositories/cities.js';
import {
  deleteVideo as deleteVideoRow,
  findVideoById,
  listVideosForAdmin,
  updateVideoFields,
  type AdminVideoRow,
  type VideoFieldChanges,
} from '../db/repositories/city-videos.js';
import { sumLlmUsageByVideo, type VideoLlmUsage } from '../db/repositories/llm-calls.js';
import { countSegments, replaceSegments } from '../db/repositories/transcript-segments.js';
import { listStagesForVideo, listStagesForVideos, markStageFinished, markStagesStale } from '../db/repositories/video-stages.js';
import type { CityVideo, DB, VideoStage } from '../db/schema.js';
import { parseTranscriptFile, TranscriptFormatError } from '../domain/transcript-formats.js';
import type { TranscriptSegment } from '../domain/transcript.js';
import { AppError } from '../errors.js';
import { verifyStage } from '../pipeline/stages/verify.js';
import type { CityRef } from './catalog-service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ADMIN_VIDEO_LIMIT = 500;

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

const NO_USAGE = { calls: 0, failed_calls: 0, tokens_in: 0, tokens_out: 0, cost_usd: 0 };

/** Content management (spec §2 screen 15): list, read, edit and delete meeting videos. */
export function createVideoAdminService(db: Kysely<DB>) {
  async function requireVideo(id: string): Promise<CityVideo> {
    const video = UUID.test(id) ? await findVideoById(db, id) : undefined;
    if (!video) throw new AppError('NOT_FOUND', 'Video not found');
    return video;
  }

  function listVideos(query: AdminVideoQuery): Promise<AdminVideoRow[]> {
    for (const id of [query.cityId, query.urlId]) if (id !== undefined && !UUID.test(id)) throw new AppError('BAD_INPUT', `Invalid id "${id}"`);
    return listVideosForAdmin(db, {
      ...(query.cityId ? { cityId: query.cityId } : {}),
      ...(query.urlId ? { sourceId: query.urlId } : {}),
      order: query.order ?? 'created',
      limit: ADMIN_VIDEO_LIMIT,
    });
  }

  async function getVideo(id: string): Promise<AdminVideoDetails> {
    const video = await requireVideo(id);
    const [city, segments, stages] = await Promise.all([findCityById(db, video.city_id), countSegments(db, video.id), listStagesForVideo(db, video.id)]);
    return { video, city: city ? { id: city.id, name: city.name, state: city.state, location_key: city.location_key } : null, segments, stages };
  }

  /**
   * A transcript a person changes is marked edited (the pipeline never overwrites it), its
   * segments are re-cut from the new text, the stages built on it are marked stale, and the
   * stored quotes are checked again against the new text.
   */
  async function updateVideo(id: string, edit: VideoEdit): Promise<AdminVideoDetails> {
    if (edit.title === undefined && edit.description === undefined && edit.transcript === undefined) throw new AppError('BAD_INPUT', 'Nothing to update');
    const current = await requireVideo(id);
    const changes: VideoFieldChanges = {};
    if (edit.title !== undefined) changes.title = blankToNull(edit.title);
    if (edit.description !== undefined) changes.description = blankToNull(edit.description);
    const transcript = edit.transcript === undefined ? undefined : blankToNull(edit.transcript);
    const transcriptChanged = transcript !== undefined && transcript !== blankToNull(current.transcript);
    const segments = transcriptChanged && transcript !== null ? segmentsOf(transcript) : [];
    if (transcriptChanged) {
      changes.transcript = transcript;
      // Cleared by a person: let the pipeline fetch the captions again.
      changes.transcript_edited_at = transcript === null ? null : new Date();
    }
    await db.transaction().execute(async (trx) => {
      if (!(await updateVideoFields(trx, current.id, changes))) throw new AppError('NOT_FOUND', 'Video not found');
      if (!transcriptChanged) return;
      await replaceSegments(trx, current.id, segments);
      await markStagesStale(trx, current.id, ['analysis', 'story']);
    });
    if (transcriptChanged) {
      const started = performance.now();
      const updated = await findVideoById(db, current.id);
      if (updated && (await verifyStage({ db }, updated)).outcome === 'done') {
        await markStageFinished(db, current.id, 'verify', { status: 'done', durationMs: performance.now() - started });
      }
    }
    return getVideo(current.id);
  }

  async function deleteVideo(id: string): Promise<void> {
    const video = await requireVideo(id);
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

export type VideoAdminService = ReturnType<typeof createVideoAdminService>;

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
