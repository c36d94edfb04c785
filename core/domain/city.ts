import { z } from 'zod/mini';

/**
 * The public city reads of api.md, as server/presenters send them: a city (spec §3 cities),
 * the list of cities and a city page's latest meetings. Timestamps arrive as ISO strings.
 * zod/mini, like session.ts: the home page parses the list of cities at start-up.
 */
export const citySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  county: z.nullable(z.string()),
  location_key: z.string(),
  description: z.nullable(z.string()),
  tag_line: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  domain: z.nullable(z.string()),
  primary_color: z.string(),
  secondary_color: z.string(),
  icon: z.nullable(z.string()),
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

/** `GET /api/cities/:locationKey/videos`: a meeting card, without transcript, analysis or story bodies. */
export const cityVideoCardSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  city_id: z.string(),
  city_urls_id: z.nullable(z.string()),
  title: z.nullable(z.string()),
  description: z.nullable(z.string()),
  channel_title: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
  created_at: z.string(),
  thumbnail_url: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  story_generated_at: z.nullable(z.string()),
  has_transcript: z.boolean(),
  has_analysis: z.boolean(),
  has_story: z.boolean(),
  /** The start of the analysis summary (spec §9 shows 100 characters). */
  summary: z.nullable(z.string()),
});
export type CityVideoCard = z.infer<typeof cityVideoCardSchema>;

export const cityVideoCardListSchema = z.array(cityVideoCardSchema);

/** `GET /api/cities/:locationKey/stats`: the city page's Statistics card, over every stored meeting. */
export const cityStatsSchema = z.object({
  meetings: z.int().check(z.nonnegative()),
  with_transcript: z.int().check(z.nonnegative()),
  analysed: z.int().check(z.nonnegative()),
  with_story: z.int().check(z.nonnegative()),
  /** ISO time of the newest meeting, null before the first. */
  last_meeting_at: z.nullable(z.string()),
  source_count: z.int().check(z.nonnegative()),
  /** The channels the meetings come from, the busiest first (at most 10). */
  channels: z.array(z.string()),
});
export type CityStats = z.infer<typeof cityStatsSchema>;
