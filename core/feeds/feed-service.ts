import type { Kysely } from 'kysely';
import { listCities } from '../db/repositories/cities.js';
import { listRecentAnalysedVideos } from '../db/repositories/video-exports.js';
import type { City, DB } from '../db/schema.js';
import { resolveCity } from '../cities/city-service.js';
import { visibleCityStatuses } from '../domain/city-visibility.js';
import { feedPaths } from '../domain/exports.js';
import { paths } from '../domain/site-paths.js';
import { meetingExport } from '../exports/meeting-export.js';
import { atomFeed } from './atom-feed.js';

/** Entries a feed carries: a month or two of a busy city, what feed readers poll for. */
export const FEED_ENTRIES = 50;


/**
 * Atom feeds of the public cities' meetings (issue 27): one per city and one for them all. Public
 * only: a feed reader is nobody signed in, so cities being set up stay out, as do draft stories.
 */
export function createFeedService(db: Kysely<DB>, site: { publicUrl: string; siteName: string }) {
  async function feedOf(cities: readonly City[], head: { selfPath: string; pagePath: string; title: string; subtitle: string }): Promise<string> {
    const byId = new Map(cities.map((city) => [city.id, city]));
    const rows = await listRecentAnalysedVideos(db, [...byId.keys()], FEED_ENTRIES);
    const meetings = rows.map((row) => meetingExport(row, byId.get(row.city_id)!, site.publicUrl));
    return atomFeed({
      selfUrl: `${site.publicUrl}${head.selfPath}`,
      pageUrl: `${site.publicUrl}${head.pagePath}`,
      title: head.title,
      subtitle: head.subtitle,
      publicUrl: site.publicUrl,
      siteName: site.siteName,
      meetings,
    });
  }

  async function cityFeed(locationKey: string): Promise<string> {
    const city = await resolveCity(db, locationKey, 'public');
    return feedOf([city], {
      selfPath: feedPaths.city(city.location_key),
      pagePath: paths.city.href(city.location_key),
      title: `${city.name}, ${city.state}: meetings | ${site.siteName}`,
      subtitle: `What the public bodies of ${city.name}, ${city.state} discussed and decided, meeting by meeting.`,
    });
  }

  async function allCitiesFeed(): Promise<string> {
    const cities = await listCities(db, { statuses: visibleCityStatuses('public') });
    return feedOf(cities, {
      selfPath: feedPaths.all,
      pagePath: paths.home.href(),
      title: `Meetings | ${site.siteName}`,
      subtitle: 'What the public bodies of every city we follow discussed and decided, meeting by meeting.',
    });
  }

  return { cityFeed, allCitiesFeed };
}

export type FeedService = ReturnType<typeof createFeedService>;
