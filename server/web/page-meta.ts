import { parseStoredStory } from '../../core/domain/news-story.js';
import { AppError, type Core } from '../../core/index.js';

/** What a shared link previews and a search engine indexes for one page of the site. */
export interface PageMeta {
  title: string;
  description: string;
  type: 'website' | 'article';
}

/** A page whose city or video does not exist: answered 404 (the app then shows its not-found view). */
export const NOT_FOUND = Symbol('not found');

const TAGLINE = 'local government meetings, in plain words';
const DEFAULT_DESCRIPTION =
  'Searchable transcripts, summaries and news stories of your city council, school board and county meetings, plus a local business directory.';
/** Longer descriptions are cut by every previewer anyway; ours ends on a word. */
const MAX_DESCRIPTION = 300;
/** Platform ids and our ids are far shorter: anything longer cannot exist (api videoParams). */
const MAX_ID = 64;

type Loader = (core: Core, params: string[]) => Promise<PageMeta | typeof NOT_FOUND>;

/**
 * The routes of spec §2 that show a city or a video, most specific first, in Express's pattern
 * syntax (web/src/lib/paths.ts): tests fill in every parameter with hostile values.
 */
const ROUTES: [string, Loader][] = [
  ['/city/:locationKey/meeting/:videoId', (core, [key, id]) => meetingMeta(core, id!, key!)],
  ['/city/:locationKey/meeting-story/:videoId', (core, [key, id]) => storyMeta(core, id!, key!)],
  ['/city/:locationKey{/*page}', (core, [key]) => cityMeta(core, key!)],
  ['/meeting/:videoId', (core, [id]) => meetingMeta(core, id!)],
  ['/meeting-story/:videoId', (core, [id]) => storyMeta(core, id!)],
  ['/story/:videoId', (core, [id]) => storyMeta(core, id!)],
];

/** The page patterns whose meta comes from the database. */
export const PAGE_PATTERNS = ROUTES.map(([pattern]) => pattern);

/** `:name` captures one segment; a trailing `{/*name}` matches the city's sub-pages, uncaptured. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern.replace(/\{\/\*\w+\}/g, '(?:/.*)?').replace(/:\w+/g, '([^/]+)');
  return new RegExp(`^${source}/?$`);
}

const MATCHERS = ROUTES.map(([pattern, load]) => [patternRegExp(pattern), load] as const);

/**
 * The meta of the page at `pathname` (decoded), or NOT_FOUND when it names a city or video we
 * do not have. Pages without their own data (home, about, …) get the site's defaults.
 */
export async function pageMeta(core: Core, pathname: string): Promise<PageMeta | typeof NOT_FOUND> {
  for (const [pattern, load] of MATCHERS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params = match.slice(1).map(decodeSegment);
    if (params.some((param) => param === null || param === '' || param.length > MAX_ID)) return NOT_FOUND;
    return load(core, params as string[]);
  }
  return siteMeta(core);
}

function siteMeta(core: Core): PageMeta {
  return { title: `${core.config.siteName}: ${TAGLINE}`, description: DEFAULT_DESCRIPTION, type: 'website' };
}

async function cityMeta(core: Core, key: string): Promise<PageMeta | typeof NOT_FOUND> {
  const city = await orNotFound(core.cities.resolveCity(key));
  if (city === NOT_FOUND) return NOT_FOUND;
  const place = `${city.name}, ${city.state}`;
  const description =
    firstOf(city.tag_line, city.description) ?? `Meetings of ${place}: transcripts, summaries and news stories in plain words.`;
  return { title: `${place} | ${core.config.siteName}`, description: clip(description), type: 'website' };
}

async function meetingMeta(core: Core, id: string, cityKey?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const found = await findVideo(core, id, cityKey);
  if (found === NOT_FOUND) return NOT_FOUND;
  const { video } = found;
  const description = firstOf(summaryOf(video.analysis_results), video.description) ?? describeMeeting(found);
  return { title: `${video.title} | ${core.config.siteName}`, description: clip(description), type: 'article' };
}

async function storyMeta(core: Core, id: string, cityKey?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const found = await findVideo(core, id, cityKey);
  if (found === NOT_FOUND) return NOT_FOUND;
  const { video } = found;
  const story = parseStoredStory(video.news_story);
  const headline = story?.kind === 'json' ? story.story.article.headline : null;
  const body = story?.kind === 'json' ? story.story.article.body : story?.text;
  const description = firstOf(firstParagraph(body), summaryOf(video.analysis_results), video.description) ?? describeMeeting(found);
  return { title: `${firstOf(headline) ?? video.title} | ${core.config.siteName}`, description: clip(description), type: 'article' };
}

type FoundVideo = Awaited<ReturnType<Core['videos']['getVideoWithCity']>>;

/** The video; under a city's URL it must belong to that city, else the page does not exist. */
async function findVideo(core: Core, id: string, cityKey?: string): Promise<FoundVideo | typeof NOT_FOUND> {
  const found = await orNotFound(core.videos.getVideoWithCity(id));
  if (found === NOT_FOUND) return NOT_FOUND;
  if (cityKey !== undefined && found.city?.location_key !== cityKey) return NOT_FOUND;
  return found;
}

function describeMeeting({ city }: FoundVideo): string {
  return city ? `A public meeting of ${city.name}, ${city.state}, in plain words.` : DEFAULT_DESCRIPTION;
}

async function orNotFound<T>(lookup: Promise<T>): Promise<T | typeof NOT_FOUND> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return NOT_FOUND;
    throw error;
  }
}

/** `analysis_results.summary`, whether the driver handed the jsonb back parsed or as text. */
function summaryOf(analysis: unknown): string | null {
  let value = analysis;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const summary = (value as { summary?: unknown }).summary;
  return typeof summary === 'string' ? summary : null;
}

/** Paragraphs of a story body are separated by blank lines (core/domain/news-story). */
function firstParagraph(body: string | null | undefined): string | null {
  if (!body) return null;
  return body.split(/\n\s*\n/).map((part) => part.trim()).find((part) => part !== '') ?? null;
}

function firstOf(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const text = value?.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return null;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_DESCRIPTION / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function decodeSegment(segment: string | undefined): string | null {
  try {
    return decodeURIComponent(segment ?? '').trim();
  } catch {
    return null;
  }
}
