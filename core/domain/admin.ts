import { z } from 'zod/mini';
import { cityRefSchema, citySchema, cityVideoCardSchema } from './city.js';
import { meetingVideoSchema } from './meeting.js';

/**
 * The admin reads of api.md as server/presenters/cities.ts and videos.ts send them: cities with
 * their counts, city URLs with their last refresh, videos with their pipeline stages, and the
 * pipeline report (the same figures `civic report` prints). Timestamps arrive as ISO strings.
 */
export const adminCitySchema = z.extend(citySchema, {
  /** Issue 24: new stories wait for an editor's approval before the public sees them. */
  story_review: z.optional(z.boolean()),
  created_at: z.string(),
  updated_at: z.string(),
  url_count: z.optional(z.number()),
  video_count: z.optional(z.number()),
});
export type AdminCity = z.infer<typeof adminCitySchema>;
/** `PATCH /api/admin/videos/:id` (spec §2 screen 15): the fields edited by hand; null clears one. */
export const videoEditSchema = z.object({
  title: z.optional(z.nullable(z.string().check(z.maxLength(1000, 'At most 1000 characters')))),
  description: z.optional(z.nullable(z.string().check(z.maxLength(20_000, 'At most 20000 characters')))),
  transcript: z.optional(z.nullable(z.string().check(z.maxLength(2_000_000, 'At most 2000000 characters')))),
});

export const adminCityListSchema = z.array(adminCitySchema);

export const cityUrlSchema = z.object({
  id: z.string(),
  title: z.nullable(z.string()),
  url: z.string(),
  content_type: z.string(),
  source_type: z.string(),
  entity_type: z.string(),
  video_count: z.optional(z.number()),
  last_refresh: z.optional(
    z.nullable(
      z.object({ status: z.string(), error: z.nullable(z.string()), finished_at: z.nullable(z.string()), videos_found: z.nullable(z.number()) }),
    ),
  ),
});
export type CityUrl = z.infer<typeof cityUrlSchema>;
export const cityUrlListSchema = z.array(cityUrlSchema);

/** A row of the admin's video lists: a meeting card without its thumbnail, story time and summary. */
const adminVideoRowSchema = z.omit(cityVideoCardSchema, { thumbnail_url: true, story_generated_at: true, summary: true });
export type AdminVideoRow = z.infer<typeof adminVideoRowSchema>;
export const adminVideoListSchema = z.array(adminVideoRowSchema);

const videoStageSchema = z.object({
  stage: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type VideoStageState = z.infer<typeof videoStageSchema>;

export const adminVideoSchema = z.extend(meetingVideoSchema, {
  city_urls_id: z.nullable(z.string()),
  created_at: z.string(),
  transcript_edited_at: z.nullable(z.string()),
  city: z.nullable(cityRefSchema),
  stages: z.array(videoStageSchema),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

const llmTotalsSchema = z.object({
  calls: z.number(),
  failed_calls: z.number(),
  /** The offline analyzer's runs among the calls (no model, no cost). */
  offline_calls: z.number(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  cost_usd: z.number(),
});
export type LlmTotals = z.infer<typeof llmTotalsSchema>;

/** A video of the pipeline view: its stages and what its model calls cost. */
const pipelineVideoSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  title: z.nullable(z.string()),
  stages: z.array(videoStageSchema),
  llm: llmTotalsSchema,
});

const progressSchema = z.object({ total: z.number(), with_transcript: z.number(), analysed: z.number(), with_story: z.number() });
/** The model calls of a city (or of all) since the report's `since`: the video totals plus how many meetings they were for. */
const modelUsageSchema = z.extend(llmTotalsSchema, {
  meetings: z.number(),
  /** Averages over those meetings; null before the first. */
  per_meeting: z.nullable(z.object({ cost_usd: z.number(), tokens_in: z.number(), tokens_out: z.number() })),
});

const lastRunSchema = z.nullable(
  z.object({ id: z.string(), command: z.string(), status: z.string(), started_at: z.string(), finished_at: z.nullable(z.string()) }),
);

const failureLineSchema = z.object({
  /** The platform's video id. */
  video_id: z.string(),
  /** Our id of the video: the one the retry route takes. */
  city_video_id: z.string(),
  title: z.nullable(z.string()),
  stage: z.string(),
  attempts: z.number(),
  error: z.nullable(z.string()),
  at: z.nullable(z.string()),
});
export type FailureLine = z.infer<typeof failureLineSchema>;

const discoveryFailureSchema = z.object({
  source_id: z.string(),
  url: z.string(),
  title: z.nullable(z.string()),
  attempts: z.number(),
  error: z.nullable(z.string()),
  at: z.nullable(z.string()),
});

export type DiscoveryFailure = z.infer<typeof discoveryFailureSchema>;

const pipelineCitySchema = z.object({
  /** The city's id: what 'Refresh videos' (fetchYoutubeVideos) takes to retry a failed discovery. */
  id: z.string(),
  location_key: z.string(),
  name: z.string(),
  state: z.string(),
  status: z.string(),
  videos: progressSchema,
  failures: z.object({ count: z.number(), latest: z.array(failureLineSchema), discovery: z.array(discoveryFailureSchema) }),
  llm: modelUsageSchema,
  last_run: lastRunSchema,
});
export type PipelineCity = z.infer<typeof pipelineCitySchema>;

/** The pipeline card's model calls, tokens and cost cover this many days back (issue 15). */
export const PIPELINE_USAGE_DAYS = 30;

/** `GET /api/admin/pipeline`. The model figures (llm, totals.model) count the calls made since `since`. */
export const pipelineReportSchema = z.object({
  generated_at: z.string(),
  since: z.string(),
  usage_days: z.number(),
  cities: z.array(pipelineCitySchema),
  totals: z.object({ videos: progressSchema, failures: z.number(), model: modelUsageSchema, last_run: lastRunSchema }),
  videos: z.array(pipelineVideoSchema),
});
export type PipelineReport = z.infer<typeof pipelineReportSchema>;

/** Stages an admin may run again from the pipeline view (discovery is the source's 'Refresh videos'). */
export const RETRYABLE_STAGES = ['transcript', 'analysis', 'story', 'verify'] as const;
export type RetryableStage = (typeof RETRYABLE_STAGES)[number];
