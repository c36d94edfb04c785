import { z } from 'zod/mini';
import { generatorSchema, verificationSchema } from './analysis.js';

/**
 * `city_videos.news_story` (spec §3). Stored as text: JSON of this shape when we wrote it,
 * possibly plain text from elsewhere (spec §8: plain text is shown as is by admin screens).
 * zod/mini, as every core/domain schema the web app loads (session.ts says why).
 */
/**
 * What a visitor reads where a story waits for an editor (issue 24). Here, not in newsroom.ts:
 * the public story page shows it, and newsroom.ts is the editors' module (~1.5 kB gzipped).
 */
export const STORY_IN_REVIEW = "This meeting's story is waiting for an editor's review.";

const quoteBlockSchema = z.object({
  quote: z.string(),
  attribution: z.string(),
  context: z.string(),
  ...verificationSchema.shape,
});

export const newsStorySchema = z.object({
  article: z.object({
    headline: z.string(),
    /** The lede is the first paragraph of the body; paragraphs are separated by blank lines. */
    body: z.string(),
    word_count: z.number().check(z.int(), z.nonnegative()),
    primary_focus: z.string(),
  }),
  sidebar_elements: z.object({
    quote_block: z.nullable(quoteBlockSchema),
    quick_facts: z.array(z.string()),
    background: z.string(),
  }),
  metadata: z.object({
    sources_used: z.array(z.string()),
    next_meeting_date: z.nullable(z.string()),
    follow_up_needed: z.boolean(),
    uncertainty_notes: z.array(z.string()),
  }),
  notes: z.string(),
  generator: z.optional(generatorSchema),
});
export type NewsStory = z.infer<typeof newsStorySchema>;

export type ParsedStory = { kind: 'json'; story: NewsStory } | { kind: 'text'; text: string };

/** Reads a stored story: our JSON shape when it parses and validates, otherwise plain text. */
export function parseStoredStory(stored: string | null | undefined): ParsedStory | null {
  if (stored == null || stored.trim() === '') return null;
  try {
    const result = newsStorySchema.safeParse(JSON.parse(stored));
    if (result.success) return { kind: 'json', story: result.data };
  } catch {
    // Not JSON: spec §8 says such a story is shown as plain text.
  }
  return { kind: 'text', text: stored };
}
