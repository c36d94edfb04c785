import { z } from 'zod/mini';

/**
 * `GET /api/search` as the web app reads it (search.ts has the request's rules and the
 * server's types). zod/mini so the search page does not pull in the classic API.
 */
const searchHitSchema = z.object({
  start_ms: z.number(),
  text: z.string(),
  /** Escaped text with <mark>…</mark> around matched words (search-highlight.ts). */
  highlighted: z.string(),
});

const searchResultSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  title: z.nullable(z.string()),
  description: z.nullable(z.string()),
  channel_title: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  city_id: z.string(),
  city: z.nullable(
    z.object({ id: z.string(), name: z.string(), state: z.string(), domain: z.nullable(z.string()), location_key: z.string() }),
  ),
  hits: z.array(searchHitSchema),
});
export type SearchResultAnswer = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  count: z.number(),
  has_more: z.boolean(),
});
export type SearchResponseAnswer = z.infer<typeof searchResponseSchema>;

export type HighlightPart = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Reads a hit's `highlighted` HTML back into text pieces, marked or not, so the page renders
 * them as text nodes and never as HTML: only <mark>, </mark> and the five entities that
 * escapeHtml writes are understood; anything else stays literal text.
 */
export function highlightParts(highlighted: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let marked = false;
  for (const piece of highlighted.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: piece.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity), marked });
  }
  return parts;
}
