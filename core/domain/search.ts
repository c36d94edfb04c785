/**
 * Video search (spec §2 screen 9, §7; api.md GET /api/search): the request's rules and the
 * response's shape, shared by core, the server and the web app. zod/mini like session.ts: the
 * web imports this file (through alerts.ts), and one classic schema anywhere in its graph puts
 * the whole classic API (~16 kB gzipped) in every page's initial JavaScript (issue 25).
 */
import { z } from 'zod/mini';

/** Spec §9: at most 50 results. */
const SEARCH_MAX_LIMIT = 50;
/**
 * Longer queries are refused (400), not cut: nobody types 500 characters into a search box,
 * and a bounded query bounds the work of parsing and matching it.
 */
export const SEARCH_MAX_QUERY_LENGTH = 500;
/** Hits (matching transcript moments) shown per video. */
export const SEARCH_HITS_PER_VIDEO = 3;

const SEARCH_SORTS = ['date', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_QUERY_TOO_LONG = `The search query is too long: at most ${SEARCH_MAX_QUERY_LENGTH} characters`;

/**
 * The request. `q` is trimmed; an empty q is valid and finds nothing (spec §5: ignored).
 * Query-string values arrive as strings, hence the coercion of `limit`.
 */
export const searchRequestSchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_QUERY_LENGTH, SEARCH_QUERY_TOO_LONG)), ''),
  city: z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'city must be a location key such as fairview-ca'))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SEARCH_MAX_LIMIT)), SEARCH_MAX_LIMIT),
  sort: z._default(z.enum(SEARCH_SORTS), 'date'),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

/** One moment of a meeting that matches the query. */
export interface SearchHit {
  start_ms: number;
  /** The segment's text as stored: plain text, escape it to show it. */
  text: string;
  /** HTML: the text escaped, the matched words in <mark>…</mark>. */
  highlighted: string;
}

export interface SearchCity {
  id: string;
  name: string;
  state: string;
  domain: string | null;
  location_key: string;
}

export interface SearchResult {
  id: string;
  video_id: string;
  title: string | null;
  description: string | null;
  channel_title: string | null;
  /** A Date in core; an ISO string once sent as JSON. */
  published_at: Date | string | null;
  thumbnail_url: string | null;
  video_url: string | null;
  city_id: string;
  city: SearchCity | null;
  /** Up to 3, best first; equally good ones in time order. Empty when only the title or description matched. */
  hits: SearchHit[];
  /** sort=relevance only: the score the results are ordered by (higher is better). */
  rank?: number;
}

export interface SearchResponse {
  results: SearchResult[];
  /** How many results this response holds (never a count of every match). */
  count: number;
  /** Whether more results exist beyond `limit`. */
  has_more: boolean;
}
