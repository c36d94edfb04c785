import { findCityById } from '../db/repositories/cities.js';
import { findUrlById } from '../db/repositories/city-urls.js';
import { findVideoById, listLatestVideoCards, listVideoCopies, listVideoListingsForCity, type PublicVideoRow, type VideoListing } from '../db/repositories/city-videos.js';
import { countSegments, listSegments } from '../db/repositories/transcript-segments.js';
import { listStagesForVideo, listStagesForVideos } from '../db/repositories/video-stages.js';
import type { City, CityVideo, VideoStage } from '../db/schema.js';
import { analysisResultsSchema } from '../domain/analysis.js';
import { parseStoredStory } from '../domain/news-story.js';
import type { TranscriptSegment } from '../domain/transcript.js';
import type { Engine } from '../db/database.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { resolveCity } from '../cities/city-service.js';
import { visibleCityStatuses, type Audience } from '../domain/city-visibility.js';
import { AppError } from '../errors.js';
import { countQuotes, type QuoteCounts } from './quote-counts.js';
import { cityRefOf, resolveVideo, resolveVisibleVideo, type CityRef } from './resolve-video.js';
import { createVideoAdmin } from './video-admin.js';

export const DEFAULT_VIDEO_LIST_LIMIT = 20;
/** Spec §9: latest videos on a city page. */
export const CITY_PAGE_VIDEOS = 10;
export const MAX_CITY_PAGE_VIDEOS = 50;
const STAGE_ORDER = ['transcript', 'analysis', 'story', 'verify'] as const;

export type StageState = Pick<VideoStage, 'stage' | 'status' | 'attempts' | 'last_error' | 'started_at' | 'finished_at' | 'duration_ms'>;

export interface VideoWithCity {
  video: CityVideo;
  city: CityRef | null;
}

export interface VideoDetails {
  /** The whole row: transcript, analysis and story included (none of it is private). */
  video: CityVideo;
  city: CityRef | null;
  source: { id: string; title: string | null; url: string } | null;
  transcript: { chars: number; segments: number; editedByPerson: boolean };
  stages: StageState[];
  analysis: { summary: string; highlights: number; actionItems: number; entities: number } | null;
  quotes: QuoteCounts;
  story: { kind: 'json'; headline: string; wordCount: number } | { kind: 'text'; chars: number } | null;
  /** The other cities that have this platform video, each with its own row and pipeline. */
  alsoIn: CityRef[];
}

export interface CityVideoListing extends VideoListing {
  stages: StageState[];
}

/**
 * Meeting videos for every front door: what visitors read, `civic video show`, and the admin's
 * content management (list, edit, delete, the pipeline view; video-admin.ts).
 */
export function createVideoService(deps: PipelineDeps & { engine: Engine }) {
  const { db } = deps;
  const requireVideo = (ref: string) => resolveVideo(db, ref);

  /**
   * One video in detail. A platform id two cities share names two rows: `cityKey` picks the
   * city's, otherwise the newest is shown and `alsoIn` names the others.
   */
  async function showVideo(ref: string, options: { cityKey?: string } = {}): Promise<VideoDetails> {
    const found = await requireVideo(ref);
    const copies = await listVideoCopies(db, found.video_id);
    let video = found;
    if (options.cityKey !== undefined) {
      const wanted = await resolveCity(db, options.cityKey);
      const copy = copies.find((row) => row.city_id === wanted.id);
      const row = copy ? await findVideoById(db, copy.id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', `Video ${ref.trim()} is not a video of ${wanted.name}, ${wanted.state} (${wanted.location_key})`);
      video = row;
    }
    const alsoIn = copies
      .filter((row) => row.id !== video.id)
      .map((row) => ({ id: row.city_id, name: row.name, state: row.state, location_key: row.location_key }));
    const [city, source, segments, stages] = await Promise.all([
      findCityById(db, video.city_id),
      video.city_urls_id ? findUrlById(db, video.city_urls_id) : undefined,
      countSegments(db, video.id),
      listStagesForVideo(db, video.id),
    ]);
    const analysis = analysisResultsSchema.safeParse(video.analysis_results);
    const story = parseStoredStory(video.news_story);
    return {
      video,
      city: cityRefOf(city),
      source: source ? { id: source.id, title: source.title, url: source.url } : null,
      transcript: { chars: video.transcript?.length ?? 0, segments, editedByPerson: video.transcript_edited_at !== null },
      stages: orderStages(stages),
      analysis: analysis.success
        ? {
            summary: analysis.data.summary,
            highlights: analysis.data.highlights.length,
            actionItems: analysis.data.action_items.length,
            entities: analysis.data.entities.length,
          }
        : null,
      quotes: countQuotes(analysis.success ? analysis.data : null, story?.kind === 'json' ? story.story : null),
      story:
        story === null
          ? null
          : story.kind === 'json'
            ? { kind: 'json', headline: story.story.article.headline, wordCount: story.story.article.word_count }
            : { kind: 'text', chars: story.text.length },
      alsoIn,
    };
  }

  /** `civic video show --city`: the newest videos with their stages. */
  async function listCityVideos(cityKeyOrId: string, limit = DEFAULT_VIDEO_LIST_LIMIT): Promise<{ city: City; videos: CityVideoListing[] }> {
    const city = await resolveCity(db, cityKeyOrId);
    const listings = await listVideoListingsForCity(db, city.id, limit);
    const stages = await listStagesForVideos(db, listings.map((video) => video.id));
    const videos = listings.map((video) => ({ ...video, stages: orderStages(stages.filter((stage) => stage.city_video_id === video.id)) }));
    return { city, videos };
  }

  /** The city page's latest meetings, as cards. */
  async function listLatestCityVideos(locationKey: string, limit = CITY_PAGE_VIDEOS, audience: Audience = 'staff'): Promise<PublicVideoRow[]> {
    const key = locationKey.trim();
    const videos = await listLatestVideoCards(db, key, Math.min(Math.max(1, Math.floor(limit)), MAX_CITY_PAGE_VIDEOS), visibleCityStatuses(audience));
    // No videos: only now is it worth asking whether the city exists for this audience (404) or is just new.
    if (videos.length === 0) await resolveCity(db, key, audience);
    return videos;
  }

  async function getVideoWithCity(ref: string, audience: Audience = 'staff'): Promise<VideoWithCity> {
    const { video, city } = await resolveVisibleVideo(db, ref, audience);
    return { video, city: cityRefOf(city) };
  }

  /** The timed transcript, for the panel that follows the player (design §6). */
  async function getSegments(ref: string, audience: Audience = 'staff'): Promise<TranscriptSegment[]> {
    const { video } = await resolveVisibleVideo(db, ref, audience);
    return listSegments(db, video.id);
  }

  return {
    resolveVideo: requireVideo,
    showVideo,
    listCityVideos,
    listLatestCityVideos,
    getVideoWithCity,
    getSegments,
    ...createVideoAdmin(deps),
  };
}

export type VideoService = ReturnType<typeof createVideoService>;

function orderStages(stages: readonly VideoStage[]): StageState[] {
  return [...stages]
    .sort((a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage))
    .map(({ stage, status, attempts, last_error, started_at, finished_at, duration_ms }) => ({
      stage,
      status,
      attempts,
      last_error,
      started_at,
      finished_at,
      duration_ms,
    }));
}
