import type { CityVideoCard } from '../../../../../core/domain/city.js';

export interface MeetingStats {
  /** How many meetings the page lists. */
  shown: number;
  /** True when the page lists as many as it asks for: there may be more. */
  more: boolean;
  analysed: number;
  stories: number;
  /** ISO timestamp of the newest meeting, or null. */
  lastMeeting: string | null;
  /** The channels the meetings come from, in order of appearance. */
  sources: string[];
}

/**
 * The Statistics card from the latest meetings the page already has (the public API has no
 * per-city totals), so every number is one the reader can check in the list beside it.
 */
export function meetingStats(videos: CityVideoCard[], limit: number): MeetingStats {
  const sources: string[] = [];
  for (const video of videos) {
    const channel = video.channel_title?.trim();
    if (channel && !sources.includes(channel)) sources.push(channel);
  }
  const dates = videos.map((video) => video.published_at ?? video.created_at).filter(Boolean);
  return {
    shown: videos.length,
    more: videos.length >= limit,
    analysed: videos.filter((video) => video.has_analysis).length,
    stories: videos.filter((video) => video.has_story).length,
    lastMeeting: dates.reduce<string | null>((newest, date) => (!newest || Date.parse(date) > Date.parse(newest) ? date : newest), null),
    sources,
  };
}
