import { SOURCE_URL_REQUIRED } from '../domain/city-form.js';
import type { NewCityUrl } from '../db/schema.js';
import { CONTENT_TYPES, SOURCE_TYPES, type ContentType, type SourceType } from '../domain/enums.js';
import { parseYoutubeUrl, suggestContentType } from '../domain/youtube-url.js';
import { AppError } from '../errors.js';

/** A city source (spec §3 city_urls) as an operator gives it. */
export interface SourceInput {
  url: string;
  title?: string | undefined;
  sourceType?: string | undefined;
  contentType?: string | undefined;
  entityType?: string | undefined;
}

const DEFAULT_SOURCE_TYPE: SourceType = 'city';

/** `field`: the form's (and api.md's) name of the field at fault, for the URL row to show the message under it. */
const bad = (message: string, field: 'url' | 'content_type' | 'source_type') => new AppError('BAD_INPUT', message, { details: { field } });

/**
 * Checks a source the way the pipeline will read it: a video source must be a YouTube
 * channel, playlist or video (or an offline `fixture:` key); any other content type needs an
 * http(s) address. The content type defaults as the spec's form does (§5): video for a
 * video-site address, otherwise site.
 */
export function readNewSource(input: SourceInput): NewCityUrl {
  const url = normalizeAddress(input.url);
  const isFixture = /^fixture:/i.test(url);
  const contentType = input.contentType === undefined ? (isFixture ? 'video' : suggestContentType(url)) : readContentType(input.contentType);
  if (contentType === 'video') {
    const parsed = parseYoutubeUrl(url);
    if (!parsed.ok) throw bad(`Not a YouTube channel, playlist or video address: ${url} (${parsed.reason})`, 'url');
  } else if (isFixture || !isWebAddress(url)) {
    throw bad(`Not a web address: ${url} (a ${contentType} source needs an http or https address)`, 'url');
  }
  const title = input.title?.trim();
  const entityType = input.entityType?.trim();
  return {
    url,
    title: title ? title : null,
    content_type: contentType,
    source_type: input.sourceType === undefined ? DEFAULT_SOURCE_TYPE : readSourceType(input.sourceType),
    ...(entityType ? { entity_type: entityType } : {}),
  };
}

// People paste "youtube.com/@fairview" or "fairview.gov/agendas"; the scheme is added as for
// website links (spec §5), so the same source pasted twice is recognised as one.
export function normalizeAddress(input: string): string {
  const text = input.trim();
  if (!text) throw bad(SOURCE_URL_REQUIRED, 'url');
  if (/\s/.test(text)) throw bad(`Not a web address: "${text}" contains spaces`, 'url');
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text)) return text;
  return `https://${text.replace(/^\/\//, '')}`;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function readContentType(input: string): ContentType {
  const value = CONTENT_TYPES.find((type) => type === input.trim().toLowerCase());
  if (!value) throw bad(`Unknown content type "${input.trim()}": one of ${CONTENT_TYPES.join(', ')}`, 'content_type');
  return value;
}

function readSourceType(input: string): SourceType {
  const value = SOURCE_TYPES.find((type) => type === input.trim().toLowerCase());
  if (!value) throw bad(`Unknown source type "${input.trim()}": one of ${SOURCE_TYPES.join(', ')}`, 'source_type');
  return value;
}
