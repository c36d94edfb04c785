import type { City, CityUrl } from '../../db/schema.js';
import { upsertDiscoveredVideo } from '../../db/repositories/city-videos.js';
import type { ListVideosOptions, VideoSource } from '../../ports/video-source.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface DiscoverResult {
  found: number;
  inserted: number;
}

/** Stage 1: list a source's videos and upsert them into city_videos (never a duplicate). */
export async function discoverSource(
  deps: { db: Kysely<DB>; videoSource: VideoSource },
  city: Pick<City, 'id'>,
  source: Pick<CityUrl, 'id' | 'url'>,
  options: ListVideosOptions = {},
): Promise<DiscoverResult> {
  const videos = await deps.videoSource.listVideos(source.url, options);
  let inserted = 0;
  for (const video of videos) {
    const row = await upsertDiscoveredVideo(deps.db, {
      video_id: video.videoId,
      city_id: city.id,
      city_urls_id: source.id,
      title: video.title,
      description: video.description,
      channel_title: video.channelTitle,
      published_at: video.publishedAt,
      thumbnail_url: video.thumbnailUrl,
      video_url: video.videoUrl,
    });
    if (row.inserted) inserted += 1;
  }
  return { found: videos.length, inserted };
}
