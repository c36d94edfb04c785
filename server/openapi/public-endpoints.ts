import type { core } from 'zod';

/** Classic and mini zod schemas alike (core/domain has both). */
type Schema = core.$ZodType;
import { cityListSchema, citySchema, cityStatsSchema, cityVideoCardListSchema } from '../../core/domain/city.js';
import { categoryListSchema, listingListSchema, listingSchema } from '../../core/domain/listing.js';
import { meetingExportSchema } from '../../core/domain/meeting-export.js';
import { meetingSegmentsSchema, meetingVideoSchema } from '../../core/domain/meeting.js';
import { searchResponseSchema } from '../../core/domain/search-answer.js';
import { searchRequestSchema } from '../../core/domain/search.js';
import { keyParams as businessParams, listQuery as businessListQuery } from '../routes/businesses.js';
import { keyParams as cityParams, videosQuery as cityVideosQuery } from '../routes/cities.js';
import { cityExportQuery, decisionsQuery, meetingParams, transcriptParams } from '../routes/exports.js';
import { objectParams } from '../routes/uploads.js';
import { videoParams } from '../routes/videos.js';

/** What a successful answer is: JSON with its schema, or a file of a media type. */
type EndpointAnswer = { json: Schema } | { file: readonly string[]; description: string };

/**
 * One public read of the API: its address (OpenAPI style, relative to /api), what it takes and
 * what it answers, and an example a reader can paste. Every public GET route is here, and
 * nothing else: this list is the OpenAPI document, the cross-origin rule and the per-address rate
 * limit's scope, and a test holds it to the routes Express really has.
 */
export interface PublicEndpoint {
  path: string;
  summary: string;
  description?: string;
  tag: 'Cities' | 'Meetings' | 'Exports' | 'Search' | 'Directory' | 'Files' | 'API';
  params?: Schema;
  query?: Schema;
  answer: EndpointAnswer;
  /** A real address on the demo data, for the Developers page. */
  example: string;
}

export const PUBLIC_ENDPOINTS: readonly PublicEndpoint[] = [
  { path: '/cities', tag: 'Cities', summary: 'Every public city', answer: { json: cityListSchema }, example: '/api/cities' },
  {
    path: '/cities/{locationKey}',
    tag: 'Cities',
    summary: 'One city by its location key',
    params: cityParams,
    answer: { json: citySchema },
    example: '/api/cities/fairview-ca',
  },
  {
    path: '/cities/{locationKey}/stats',
    tag: 'Cities',
    summary: "A city's totals: meetings covered, analysed, with a story; its last meeting and sources",
    params: cityParams,
    answer: { json: cityStatsSchema },
    example: '/api/cities/fairview-ca/stats',
  },
  {
    path: '/cities/{locationKey}/videos',
    tag: 'Meetings',
    summary: "A city's latest meetings, newest first",
    params: cityParams,
    query: cityVideosQuery,
    answer: { json: cityVideoCardListSchema },
    example: '/api/cities/fairview-ca/videos?limit=5',
  },
  {
    path: '/videos/{id}',
    tag: 'Meetings',
    summary: 'One meeting (our id or its YouTube id) with its transcript text, analysis and published story',
    params: videoParams,
    answer: { json: meetingVideoSchema },
    example: '/api/videos/fvCC2026a03',
  },
  {
    path: '/videos/{id}/segments',
    tag: 'Meetings',
    summary: "A meeting's timed transcript, one segment a line, in milliseconds",
    params: videoParams,
    answer: { json: meetingSegmentsSchema },
    example: '/api/videos/fvCC2026a03/segments',
  },
  {
    path: '/videos/{id}/transcript.{format}',
    tag: 'Exports',
    summary: "A meeting's transcript as a file: WebVTT (vtt), SRT (srt) or text (txt)",
    params: transcriptParams,
    answer: { file: ['text/vtt', 'application/x-subrip', 'text/plain'], description: 'The transcript, attached under a name with the city, day and title.' },
    example: '/api/videos/fvCC2026a03/transcript.vtt',
  },
  {
    path: '/videos/{id}/analysis.json',
    tag: 'Exports',
    summary: "A meeting's analysis and decisions, each with the address that plays its second, and its published story",
    params: meetingParams,
    answer: { json: meetingExportSchema },
    example: '/api/videos/fvCC2026a03/analysis.json',
  },
  {
    path: '/cities/{locationKey}/decisions.csv',
    tag: 'Exports',
    summary: "A city's decisions, one CSV row each, oldest meeting first",
    params: cityParams,
    query: decisionsQuery,
    answer: { file: ['text/csv'], description: 'RFC 4180 CSV with a header row; text a spreadsheet would run as a formula starts with an apostrophe.' },
    example: '/api/cities/fairview-ca/decisions.csv?since=2026-01-01',
  },
  {
    path: '/cities/{locationKey}/export',
    tag: 'Exports',
    summary: "A city's meetings, decisions or transcripts, streamed as NDJSON or CSV, oldest meeting first",
    params: cityParams,
    query: cityExportQuery,
    answer: { file: ['application/x-ndjson', 'text/csv'], description: 'One JSON object a line (ndjson) or one CSV row a record, as civic export writes them.' },
    example: '/api/cities/fairview-ca/export?what=decisions&format=ndjson',
  },
  {
    path: '/search',
    tag: 'Search',
    summary: 'Meetings whose title, description or transcript match, each with the moments that do',
    description: 'The search box\'s syntax: words, "a phrase", and -word to leave out every meeting that says or writes it.',
    query: searchRequestSchema,
    answer: { json: searchResponseSchema },
    example: '/api/search?q=library&city=fairview-ca',
  },
  { path: '/business-categories', tag: 'Directory', summary: 'The business categories', answer: { json: categoryListSchema }, example: '/api/business-categories' },
  {
    path: '/businesses',
    tag: 'Directory',
    summary: 'Business listings, Tier 1, then 2, then 3, then by name; optionally of one city',
    query: businessListQuery,
    answer: { json: listingListSchema },
    example: '/api/businesses?city=fairview-ca',
  },
  {
    path: '/businesses/{businessKey}',
    tag: 'Directory',
    summary: 'One business listing by its key',
    params: businessParams,
    answer: { json: listingSchema },
    example: '/api/businesses/main-street-grind',
  },
  {
    path: '/storage/{bucket}/{key}',
    tag: 'Files',
    summary: "An uploaded image (a business listing's photo), as its listing's image_url names it",
    params: objectParams,
    answer: { file: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], description: 'The image, cached for a year (its address changes with its content).' },
    example: '/api/storage/business-images/<key from a listing>',
  },
  {
    path: '/openapi.json',
    tag: 'API',
    summary: 'This description of the public API (OpenAPI 3.1)',
    answer: { file: ['application/json'], description: 'The OpenAPI 3.1 document.' },
    example: '/api/openapi.json',
  },
];

/** Whether a request path (relative to /api) is one of the public reads. */
export function isPublicRead(path: string): boolean {
  return PUBLIC_READ_PATTERNS.some((pattern) => pattern.test(path));
}

const PUBLIC_READ_PATTERNS = PUBLIC_ENDPOINTS.map(
  (endpoint) => new RegExp(`^${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
);
