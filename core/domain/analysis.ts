import { z } from 'zod/mini';
import { decisionSchema } from './decisions.js';
import { VERIFICATION_STATUSES } from './enums.js';

/**
 * `city_videos.analysis_results` (spec §3). The spec's fields are required; what we add
 * (timestamps in milliseconds, verification, the generator label) is optional so an
 * analysis written before verification, or by an older version, still parses. zod/mini, as
 * every core/domain schema the web app loads (session.ts says why).
 */
const startMs = z.optional(z.nullable(z.number().check(z.int(), z.nonnegative())));

export const verificationSchema = z.object({
  verification_status: z.optional(z.enum(VERIFICATION_STATUSES)),
  /** Start of the transcript segment the text was matched to. */
  start_ms: startMs,
});

const quoteSchema = z.object({
  text: z.string(),
  speaker: z.string(),
  ...verificationSchema.shape,
});
export type Quote = z.infer<typeof quoteSchema>;

const highlightSchema = z.object({
  /** "H:MM:SS" or "MM:SS" into the meeting video, as a reader sees it. */
  timestamp: z.string(),
  point_of_interest: z.string(),
  quotes: z.array(quoteSchema),
  start_ms: startMs,
});
export type Highlight = z.infer<typeof highlightSchema>;

const actionItemSchema = z.object({
  description: z.string(),
  responsible_party: z.string(),
  due_date: z.string(),
  /** The admin view's reading of the due date. */
  deadline: z.optional(z.string()),
  start_ms: startMs,
});
export type ActionItem = z.infer<typeof actionItemSchema>;

export const ENTITY_TYPES = ['person', 'organization', 'place', 'date', 'money', 'other'] as const;
const entitySchema = z.object({
  name: z.string(),
  type: z.string(),
  context: z.string(),
});
export type Entity = z.infer<typeof entitySchema>;

export const generatorSchema = z.object({
  kind: z.enum(['local', 'openai']),
  model: z.string(),
  generated_at: z.string(),
});
export type Generator = z.infer<typeof generatorSchema>;

export const analysisResultsSchema = z.object({
  summary: z.string(),
  highlights: z.array(highlightSchema),
  action_items: z.array(actionItemSchema),
  entities: z.array(entitySchema),
  /** What the meeting decided, each with its verified evidence (issue 23); absent from analyses written before it. */
  decisions: z.optional(z.array(decisionSchema)),
  generator: z.optional(generatorSchema),
});
export type AnalysisResults = z.infer<typeof analysisResultsSchema>;
