import { isCityStaffOnly, type Audience } from '../../core/domain/city-visibility.js';
import { parseStoredStory } from '../../core/domain/news-story.js';
import { paths } from '../../core/domain/site-paths.js';
import { AppError, type Core } from '../../core/index.js';
import { STATIC_PAGES } from './static-page-meta.js';

/** What a shared link previews and a search engine indexes for one page of the site. */
export interface PageMeta {
  title: string;
  description: string;
  type: 'website' | 'article';
  /** The one address of this content (a meeting is at its city's address too); default: the page's own. */
  canonicalPath?: string;
  /** The preview image: absolute, or a path on this site; default: the site's card. */
  image?: string | null;
  /** A story: schema.org NewsArticle data. */
  article?: { headline: string; published: string | null; modified: string | null; video: string | null };
  /** Accounts and staff pages: kept out of search engines. */
  private?: boolean;
  /** The city whose Atom feed the page offers beside the site's (feed readers find it in the head). */
  feedCity?: { locationKey: string; name: string };
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

/** Whose page it is (city-visibility.ts): the public's 404 for a city being set up is an admin's page. */
type Loader = (core: Core, params: string[], audience: Audience) => Promise<PageMeta | typeof NOT_FOUND>;

/**
 * The routes of spec §2 that show a city, a video or a business, most specific first, in
 * Express's pattern syntax (core/domain/site-paths.ts): tests fill in every parameter with
 * hostile values.
 */
const ROUTES: [string, Loader][] = [
  [paths.cityMeeting.pattern, (core, [key, id], audience) => meetingMeta(core, audience, id!, key!)],
  [paths.cityMeetingStory.pattern, (core, [key, id], audience) => storyMeta(core, audience, id!, key!)],
  [paths.cityBusiness.pattern, (core, [key, business], audience) => businessMeta(core, audience, business!, key!)],
  [paths.cityBusinesses.pattern, (core, [key], audience) => cityMeta(core, audience, key!, 'Local businesses in')],
  [paths.citySearch.pattern, (core, [key], audience) => cityMeta(core, audience, key!, 'Search meetings of')],
  [paths.city.pattern, (core, [key], audience) => cityMeta(core, audience, key!)],
  [paths.meeting.pattern, (core, [id], audience) => meetingMeta(core, audience, id!)],
  [paths.meetingStory.pattern, (core, [id], audience) => storyMeta(core, audience, id!)],
  [paths.story.pattern, (core, [id], audience) => storyMeta(core, audience, id!)],
  [paths.business.pattern, (core, [business], audience) => businessMeta(core, audience, business!)],
];

/** The page patterns whose meta comes from the database. */
export const PAGE_PATTERNS = ROUTES.map(([pattern]) => pattern);

/** `:name` captures one segment; a trailing `{/*name}` matches the city's sub-pages, uncaptured. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern.replace(/\{\/\*\w+\}/g, '(?:/.*)?').replace(/:\w+/g, '([^/]+)');
  return new RegExp(`^${source}/?$`);
}

const MATCHERS = ROUTES.map(([pattern, load]) => [patternRegExp(pattern), load] as const);

const STATIC_MATCHERS = STATIC_PAGES.map(([pattern, page]) => [patternRegExp(pattern), page] as const);

/**
 * The meta of the page at `pathname` (decoded), or NOT_FOUND when it names a city, video or
 * business we do not have (or the audience may not see), or no page of the site at all.
 */
export async function pageMeta(core: Core, pathname: string, audience: Audience = 'public'): Promise<PageMeta | typeof NOT_FOUND> {
  if (pathname === paths.home.pattern) return siteMeta(core);
  for (const [pattern, load] of MATCHERS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params = match.slice(1).map(decodeSegment);
    if (params.some((param) => param === null || param === '' || param.length > MAX_ID)) return NOT_FOUND;
    return load(core, params as string[], audience);
  }
  const page = STATIC_MATCHERS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!page) return NOT_FOUND;
  return {
    title: `${page.title} | ${core.config.siteName}`,
    description: page.description ?? DEFAULT_DESCRIPTION,
    type: 'website',
    ...(page.private ? { private: true } : {}),
  };
}

function siteMeta(core: Core): PageMeta {
  return { title: `${core.config.siteName}: ${TAGLINE}`, description: DEFAULT_DESCRIPTION, type: 'website' };
}

/** A public city's feed (a city being set up has none: its feed answers 404 to the public). */
const feedOf = (city: { location_key: string; name: string; status?: string } | null) =>
  city && !(city.status !== undefined && isCityStaffOnly(city.status)) ? { feedCity: { locationKey: city.location_key, name: city.name } } : {};

/** A page only staff can see stays out of search engines, in case an admin shares its link. */
const staffOnly = (status: string | undefined) => (status !== undefined && isCityStaffOnly(status) ? { private: true } : {});

async function cityMeta(core: Core, audience: Audience, key: string, prefix?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const city = await orNotFound(core.cities.resolveCity(key, audience));
  if (city === NOT_FOUND) return NOT_FOUND;
  const place = `${city.name}, ${city.state}`;
  const description =
    firstOf(city.tag_line, city.description) ?? `Meetings of ${place}: transcripts, summaries and news stories in plain words.`;
  const title = prefix ? `${prefix} ${place}` : place;
  return {
    title: `${title} | ${core.config.siteName}`,
    description: clip(description),
    type: 'website',
    image: city.image_url,
    ...staffOnly(city.status),
    ...feedOf(city),
  };
}

async function businessMeta(core: Core, audience: Audience, key: string, cityKey?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const listing = await orNotFound(core.directory.getListing(key, audience));
  if (listing === NOT_FOUND) return NOT_FOUND;
  if (cityKey !== undefined && listing.city_location_key !== cityKey) return NOT_FOUND;
  // Under a city's address the city itself must be one the audience sees.
  if (cityKey !== undefined && (await orNotFound(core.cities.resolveCity(cityKey, audience))) === NOT_FOUND) return NOT_FOUND;
  const place = listing.city_name ? ` in ${listing.city_name}, ${listing.city_state}` : '';
  const description = firstOf(listing.description) ?? `${listing.name}${place}: address, phone and website.`;
  return {
    title: `${listing.name} | ${core.config.siteName}`,
    description: clip(description),
    type: 'website',
    image: listing.image_url,
    canonicalPath: paths.business.href(listing.business_key ?? listing.id),
  };
}

async function meetingMeta(core: Core, audience: Audience, id: string, cityKey?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const found = await findVideo(core, audience, id, cityKey);
  if (found === NOT_FOUND) return NOT_FOUND;
  const { video } = found;
  const description = firstOf(summaryOf(video.analysis_results), video.description) ?? describeMeeting(found);
  return {
    title: `${video.title} | ${core.config.siteName}`,
    description: clip(description),
    type: 'article',
    image: video.thumbnail_url,
    ...(found.city ? { canonicalPath: paths.cityMeeting.href(found.city.location_key, video.id) } : {}),
    ...(found.staffOnly ? { private: true } : feedOf(found.city)),
  };
}

async function storyMeta(core: Core, audience: Audience, id: string, cityKey?: string): Promise<PageMeta | typeof NOT_FOUND> {
  const found = await findVideo(core, audience, id, cityKey);
  if (found === NOT_FOUND) return NOT_FOUND;
  const { video } = found;
  const story = parseStoredStory(video.news_story);
  const headline = story?.kind === 'json' ? story.story.article.headline : null;
  const body = story?.kind === 'json' ? story.story.article.body : story?.text;
  const description = firstOf(firstParagraph(body), summaryOf(video.analysis_results), video.description) ?? describeMeeting(found);
  return {
    title: `${firstOf(headline) ?? video.title} | ${core.config.siteName}`,
    description: clip(description),
    type: 'article',
    image: video.thumbnail_url,
    ...(found.city ? { canonicalPath: paths.cityMeetingStory.href(found.city.location_key, video.id) } : {}),
    ...(found.staffOnly ? { private: true } : feedOf(found.city)),
    ...(headline
      ? {
          article: {
            headline,
            published: video.story_generated_at?.toISOString() ?? null,
            modified: video.story_reviewed_at?.toISOString() ?? video.story_generated_at?.toISOString() ?? null,
            video: video.video_url,
          },
        }
      : {}),
  };
}

type FoundVideo = Awaited<ReturnType<Core['videos']['getVideoWithCity']>> & { staffOnly: boolean };

/** The video; under a city's URL it must belong to that city, else the page does not exist. */
async function findVideo(core: Core, audience: Audience, id: string, cityKey?: string): Promise<FoundVideo | typeof NOT_FOUND> {
  const found = await orNotFound(core.videos.getVideoWithCity(id, audience));
  if (found === NOT_FOUND) return NOT_FOUND;
  if (cityKey !== undefined && found.city?.location_key !== cityKey) return NOT_FOUND;
  // Only an admin can have reached a meeting the public cannot see: only then is it worth asking.
  const staffOnly = audience === 'staff' && (await orNotFound(core.videos.getVideoWithCity(id, 'public'))) === NOT_FOUND;
  return { ...found, staffOnly };
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

/**
 * Video times ("[12:34]", "(1:02:03)", "00:12:34") belong to the player, not to a preview. A time
 * of day ("7:00 pm") has no brackets and no seconds, and stays.
 */
const RAW_TIMESTAMP = /\s*(?:[[(]\d{1,2}:\d{2}(?::\d{2})?[\])]|\b\d{1,2}:\d{2}:\d{2}\b)\s*[-–—:]?/g;

function clip(text: string): string {
  const flat = text
    .replace(RAW_TIMESTAMP, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
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
