import type { Core } from '../../core/index.js';
import type { SearchHit, SearchResponse, SearchResult, SearchSort } from '../../core/domain/search.js';
import { formatTimestamp } from '../../core/domain/transcript.js';
import { watchUrl } from '../../core/domain/youtube-url.js';
import { splitExclusions } from '../../core/domain/search-exclusions.js';
import { resolveCityKey } from '../city-key.js';
import { truncate } from '../ui/format.js';
import { outputWidth, wrapToWidth } from '../ui/table.js';
import { formatIsoDay } from '../../core/domain/format.js';

export interface SearchCommandOptions {
  city?: string;
  json?: boolean;
  limit?: number;
  sort?: string;
}

export interface SearchCommandResult {
  /** What --json prints: the response of GET /api/search. */
  data: SearchResponse;
  human: string;
}

/** `civic search "<query>"`: titles, descriptions and transcripts, each hit with a link to its moment. */
export async function searchVideos(core: Core, query: string, options: SearchCommandOptions): Promise<SearchCommandResult> {
  const city = options.city === undefined ? undefined : await resolveCityKey(core, options.city);
  const data = await core.search.searchVideos({
    q: query,
    ...(city !== undefined ? { city } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.sort !== undefined ? { sort: options.sort as SearchSort } : {}),
  });
  return { data, human: describeSearch(query, data) };
}

/** Hit text is cut around its first match, to this many characters. */
const HIT_WIDTH = 100;

export function describeSearch(query: string, response: SearchResponse, width = outputWidth()): string {
  return wrapToWidth(searchLines(query, response), width);
}

function searchLines(query: string, response: SearchResponse): string {
  const q = query.trim();
  if (!q) return 'Nothing to search for: the query is empty.';
  if (response.count === 0) return `No results found for "${q}"\nTry adjusting your search terms, or civic city list for the cities covered.`;
  const more = response.has_more ? ' (more exist: narrow the query, or --city)' : '';
  // A query of -exclusions alone lists meetings for what they do not say: no title matched.
  const hitless = splitExclusions(q).wanted === '' ? '(mentions none of the excluded words)' : '(title or description matches)';
  const blocks = response.results.map((result) => describeResult(result, hitless));
  return [`${response.count} result${response.count === 1 ? '' : 's'} found for "${q}"${more}`, ...blocks].join('\n\n');
}

function describeResult(result: SearchResult, hitless: string): string {
  const city = result.city ? `${result.city.name}, ${result.city.state}` : 'no city';
  const published = result.published_at ? formatIsoDay(result.published_at) : 'undated';
  const lines = [result.title ?? '(untitled)', `  ${city} · ${published}${result.channel_title ? ` · ${result.channel_title}` : ''}`];
  if (result.hits.length === 0) lines.push(`  ${hitless}  ${watchUrl(result.video_id)}`);
  for (const hit of result.hits) lines.push(describeHit(result.video_id, hit));
  return lines.join('\n');
}

function describeHit(videoId: string, hit: SearchHit): string {
  return `  [${formatTimestamp(hit.start_ms)}] ${snippet(hit)}  ${watchUrl(videoId, Math.floor(hit.start_ms / 1000))}`;
}

/** The hit's text on one line, cut to HIT_WIDTH around its first highlighted word, at word starts. */
export function snippet(hit: SearchHit): string {
  const text = hit.text.replace(/\s+/g, ' ').trim();
  if (text.length <= HIT_WIDTH) return text;
  const before = hit.highlighted.split('<mark>')[0] ?? '';
  const matchAt = Math.min(unescapeHtml(before).replace(/\s+/g, ' ').trimStart().length, text.length);
  // Up to 30 characters of lead-in, but never past the point where the rest fits after '…'.
  let start = Math.max(0, Math.min(matchAt - 30, text.length - (HIT_WIDTH - 1)));
  if (start > 0 && text[start - 1] !== ' ') {
    const nextWord = text.indexOf(' ', start) + 1;
    if (nextWord > 0 && nextWord <= matchAt) start = nextWord;
  }
  if (start === 0) return truncate(text, HIT_WIDTH);
  return `…${truncate(text.slice(start), HIT_WIDTH - 1)}`;
}

function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}
