import type { Kysely } from 'kysely';
import { findCityById, findCityByKey } from '../db/repositories/cities.js';
import { findUrlById } from '../db/repositories/city-urls.js';
import { findVideoByAnyId, listVideoListingsForCity, type VideoListing } from '../db/repositories/city-videos.js';
import { countSegments } from '../db/repositories/transcript-segments.js';
import { listStagesForVideo, listStagesForVideos } from '../db/repositories/video-stages.js';
import type { City, CityVideo, DB, VideoStage } from '../db/schema.js';
import { analysisResultsSchema } from '../domain/analysis.js';
import { parseStoredStory } from '../domain/news-story.js';
import { AppError } from '../errors.js';
import { countQuotes, type QuoteCounts } from './quote-counts.js';

export const DEFAULT_VIDEO_LIST_LIMIT = 20;
const STAGE_ORDER = ['transcript', 'analysis', 'story', 'verify'] as const;

export type StageState = Pick<VideoStage, 'stage' | 'status' | 'attempts' | 'last_error' | 'started_at' | 'finished_at' | 'duration_ms'>;

export interface VideoDetails {
  /** The whole row: transcript, analysis and story included (none of it is private). */
  video: CityVideo;
  city: Pick<City, 'id' | 'name' | 'state' | 'location_key'> | null;
  source: { id: string; title: string | null; url: string } | null;
  transcript: { chars: number; segments: number; editedByPerson: boolean };
  stages: StageState[];
  analysis: { summary: string; highlights: number; actionItems: number; entities: number } | null;
  quotes: QuoteCounts;
  story: { kind: 'json'; headline: string; wordCount: number } | { kind: 'text'; chars: number } | null;
}

export interface CityVideoListing extends VideoListing {
  stages: StageState[];
}

export function createVideoService(db: Kysely<DB>) {
  async function requireVideo(idOrVideoId: string): Promise<CityVideo> {
    const video = await findVideoByAnyId(db, idOrVideoId.trim());
    if (!video) throw new AppError('NOT_FOUND', `Unknown video "${idOrVideoId}" (civic video show --city <key> lists a city's videos)`);
    return video;
  }

  async function showVideo(idOrVideoId: string): Promise<VideoDetails> {
    const video = await requireVideo(idOrVideoId);
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
      city: city ? { id: city.id, name: city.name, state: city.state, location_key: city.location_key } : null,
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
    };
  }

  async function listCityVideos(cityKey: string, limit = DEFAULT_VIDEO_LIST_LIMIT): Promise<{ city: City; videos: CityVideoListing[] }> {
    const city = await findCityByKey(db, cityKey.trim());
    if (!city) throw new AppError('NOT_FOUND', `Unknown city "${cityKey}" (civic city list shows the cities)`);
    const listings = await listVideoListingsForCity(db, city.id, limit);
    const stages = await listStagesForVideos(db, listings.map((video) => video.id));
    const videos = listings.map((video) => ({ ...video, stages: orderStages(stages.filter((stage) => stage.city_video_id === video.id)) }));
    return { city, videos };
  }

  return { requireVideo, showVideo, listCityVideos };
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
