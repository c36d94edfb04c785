import { z } from 'zod';

/**
 * The public city reads of api.md, as server/presenters send them: a city (spec §3 cities),
 * the list of cities and a city page's latest meetings. Timestamps arrive as ISO strings.
 */
export const citySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  county: z.string().nullable(),
  location_key: z.string(),
  description: z.string().nullable(),
  tag_line: z.string().nullable(),
  image_url: z.string().nullable(),
  domain: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  icon: z.string().nullable(),
  status: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.array(citySchema);

/** A city as embedded in other answers (a video's city, a listing's city). */
export const cityRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  location_key: z.string(),
});
export type CityRef = z.infer<typeof cityRefSchema>;

/** `GET /api/cities/:locationKey/videos`: a meeting card, without transcript, analysis or story bodies. */
export const cityVideoCardSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  city_id: z.string(),
  city_urls_id: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  channel_title: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  thumbnail_url: z.string().nullable(),
  video_url: z.string().nullable(),
  story_generated_at: z.string().nullable(),
  has_transcript: z.boolean(),
  has_analysis: z.boolean(),
  has_story: z.boolean(),
  /** The start of the analysis summary (spec §9 shows 100 characters). */
  summary: z.string().nullable(),
});
export type CityVideoCard = z.infer<typeof cityVideoCardSchema>;

export const cityVideoCardListSchema = z.array(cityVideoCardSchema);

/** `GET /api/cities/:locationKey/stats`: the city page's Statistics card, over every stored meeting. */
export const cityStatsSchema = z.object({
  meetings: z.number().int().nonnegative(),
  with_transcript: z.number().int().nonnegative(),
  analysed: z.number().int().nonnegative(),
  with_story: z.number().int().nonnegative(),
  /** ISO time of the newest meeting, null before the first. */
  last_meeting_at: z.string().nullable(),
  source_count: z.number().int().nonnegative(),
  /** The channels the meetings come from, the busiest first (at most 10). */
  channels: z.array(z.string()),
});
export type CityStats = z.infer<typeof cityStatsSchema>;
