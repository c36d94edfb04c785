import type { Kysely } from 'kysely';
import { listSitemapEntries, SITEMAP_MAX_URLS } from '../db/repositories/sitemap.js';
import type { DB } from '../db/schema.js';
import { paths } from '../domain/site-paths.js';

export interface SiteMapEntry {
  /** A page of the site, from its root. */
  path: string;
  lastModified: Date | null;
}

/**
 * The pages search engines should know (issue 25): home, about, search and the directory, every
 * public city, and each of their meetings and stories at the city's address (the canonical one).
 */
export function createSiteMapService(db: Kysely<DB>) {
  async function entries(): Promise<SiteMapEntry[]> {
    const { cities, meetings } = await listSitemapEntries(db);
    const fixed = [paths.home, paths.about, paths.search, paths.businesses, paths.developers].map(({ pattern }) => ({ path: pattern, lastModified: null }));
    const cityPages = cities.map((city) => ({ path: paths.city.href(city.location_key), lastModified: city.updated_at }));
    const meetingPages = meetings.flatMap((meeting) => [
      { path: paths.cityMeeting.href(meeting.location_key, meeting.id), lastModified: meeting.updated_at },
      ...(meeting.has_story ? [{ path: paths.cityMeetingStory.href(meeting.location_key, meeting.id), lastModified: meeting.updated_at }] : []),
    ]);
    return [...fixed, ...cityPages, ...meetingPages].slice(0, SITEMAP_MAX_URLS);
  }
  return { entries };
}

export type SiteMapService = ReturnType<typeof createSiteMapService>;
