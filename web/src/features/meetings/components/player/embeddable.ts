import { embedUrl } from '../../../../../../core/domain/youtube-url.js';

/**
 * The platform video id the page can embed for a meeting: from its stored link when it has one
 * (watch, youtu.be, /live/ or /embed/ forms), else from its id. Null means 'Unable to embed video'.
 */
export function embeddableVideoId(video: { video_url: string | null; video_id: string }): string | null {
  const src = embedUrl(video.video_url?.trim() || video.video_id);
  if (!src) return null;
  return new URL(src).pathname.split('/').pop() || null;
}
