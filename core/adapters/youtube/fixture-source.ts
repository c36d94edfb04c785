/** VideoSource for `fixture:<key>` addresses: the offline demo videos in fixtures/demo/videos/. */
import { isAppError, AppError } from '../../errors.js';
import type { DiscoveredVideo, ListVideosOptions, VideoSource } from '../../ports/video-source.js';
import { DEFAULT_FIXTURES_DIR, loadSourceVideos } from '../fixture/fixture-files.js';
import { applyListOptions, checkListOptions, parseSourceUrl, throwIfAborted, toIsoOrNull, watchPageUrl } from './video-list.js';

export interface FixtureSourceOptions {
  fixturesDir?: string;
}

export function createFixtureSource(options: FixtureSourceOptions = {}): VideoSource {
  const dir = options.fixturesDir ?? DEFAULT_FIXTURES_DIR;
  return {
    async listVideos(url: string, list: ListVideosOptions = {}): Promise<DiscoveredVideo[]> {
      const source = parseSourceUrl(url);
      if (source.kind !== 'fixture') throw new AppError('BAD_INPUT', `Not a fixture: source address: ${url}`);
      checkListOptions(list);
      throwIfAborted(list.signal);
      let videos;
      try {
        videos = await loadSourceVideos(dir, source.key);
      } catch (error) {
        if (isAppError(error) && error.code === 'NOT_FOUND') {
          throw new AppError('NOT_FOUND', `No fixture source named ${source.key}`, { cause: error });
        }
        throw error;
      }
      const discovered = videos.map((video) => ({
        videoId: video.video_id,
        title: video.title,
        description: video.description,
        channelTitle: video.channel_title,
        publishedAt: toIsoOrNull(video.published_at),
        thumbnailUrl: video.thumbnail_url,
        videoUrl: watchPageUrl(video.video_id),
      }));
      return applyListOptions(discovered, list);
    },
  };
}
