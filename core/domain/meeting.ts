import { z } from 'zod/mini';
import { cityRefSchema } from './city.js';

/**
 * The public meeting reads of api.md as the web app receives them: `GET /api/videos/:id` (a
 * video with its city) and `GET /api/videos/:id/segments` (its timed transcript). zod/mini,
 * like city.ts: the analysis and the story arrive as stored and are read with their own
 * schemas (analysis.ts, news-story.ts) where they are shown.
 */
export const meetingVideoSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  city_id: z.string(),
  title: z.nullable(z.string()),
  description: z.nullable(z.string()),
  transcript: z.nullable(z.string()),
  channel_title: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  /** GET /api/videos/:id only: the platform id the page embeds, null when its link cannot be embedded (youtube-url.ts's embeddableVideoId). */
  embed_video_id: z.optional(z.nullable(z.string())),
  /** jsonb as stored; analysis.ts reads it. */
  analysis_results: z.nullable(z.unknown()),
  /** Text: JSON of news-story.ts or plain text from elsewhere. */
  news_story: z.nullable(z.string()),
  story_generated_at: z.nullable(z.string()),
  city: z.nullable(cityRefSchema),
  /** The newsroom's public record (issue 24): "Updated", reviewed, waiting for review, corrections. */
  story_record: z.optional(
    z.object({
      updated_at: z.nullable(z.string()),
      reviewed_at: z.nullable(z.string()),
      in_review: z.boolean(),
      corrections: z.array(z.object({ at: z.string(), note: z.string() })),
    }),
  ),
});
export type MeetingVideo = z.infer<typeof meetingVideoSchema>;

const meetingSegmentSchema = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  speaker: z.nullable(z.string()),
  text: z.string(),
});
export type MeetingSegment = z.infer<typeof meetingSegmentSchema>;

export const meetingSegmentsSchema = z.object({ segments: z.array(meetingSegmentSchema) });
