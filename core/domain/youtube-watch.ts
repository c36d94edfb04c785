/**
 * The watch link of a video, on its own: public pages that only link out to YouTube (city,
 * search) need it without youtube-url.ts's parsing of every address form (issue 25's budget).
 */

export function isStartTime(seconds: number | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
}

/** Link to watch a video, optionally from a given second (citations jump into the meeting). */
export function watchUrl(videoId: string, seconds?: number): string {
  const base = `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
  return isStartTime(seconds) ? `${base}&t=${Math.floor(seconds)}s` : base;
}
